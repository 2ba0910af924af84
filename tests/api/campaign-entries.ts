/** A valid entry of each campaign form for an email (the campaign tests and the fuzz). */
export const VALID_ENTRIES: Record<string, (email: string) => Record<string, unknown>> = {
  scholarship: (email) => ({
    full_name: 'Alex Rivera',
    email,
    branch: 'Navy',
    years_of_service: 6,
    school: 'City College',
    program: 'Hospitality management',
    essay: 'I spent six years as a Navy cook. '.repeat(10),
    confirm_veteran: true,
  }),
  'kygo-sweepstakes': (email) => ({
    full_name: 'Alex Rivera',
    email,
    birth_date: '1990-04-12',
    state: 'IL',
    zip: '60601',
    confirm_eligible: true,
    accept_rules: true,
  }),
  creators: (email) => ({
    full_name: 'Alex Rivera',
    email,
    city: 'Chicago',
    instagram: '@alex.eats',
    sample_links: ['https://videos.example.com/alex/1'],
    about: 'Tacos, mostly.',
  }),
  communityround: (email) => ({
    full_name: 'Alex Rivera',
    email,
    amount: '$500–$999',
    accredited: false,
    confirm_risk: true,
  }),
  trytibbs: (email) => ({ full_name: 'Alex Rivera', email, zip: '60601', marketing_opt_in: true }),
};
