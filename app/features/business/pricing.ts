/** The monthly business profile (spec §2.2: bought on a hosted checkout page, link only). */
export const PROFILE_PRICE = 49;

export const PROFILE_FEATURES = [
  'Your photos, menu and booking link on your listing',
  'Growth reports over 90 days, with exports',
  'Invite local creators to film your place',
  'A verified badge on every video of your place',
];
