/**
 * The public page paths that the server also has to write (sitemaps), built exactly like
 * app/paths.ts builds them (spec §2.4, docs/decisions/006-slugs.md). The server may not
 * import the web app, so the patterns it shares live here.
 */
const enc = encodeURIComponent;

/** `city/:stateSlug/:citySlug`, e.g. `/city/il/chicago`. */
export const cityPath = (stateSlug: string, citySlug: string) =>
  `/city/${enc(stateSlug)}/${enc(citySlug)}`;

/** `location/:citySlug/:locationIdentifier`, e.g. `/location/chicago-il/the-golden-fig-1234`. */
export const locationInCityPath = (citySlug: string, locationIdentifier: string) =>
  `/location/${enc(citySlug)}/${enc(locationIdentifier)}`;

/** `listing/:reviewId/:stateSlug/:citySlug/:locationIdentifier`: one video of a place. */
export const listingPath = (
  reviewId: number | string,
  stateSlug: string,
  citySlug: string,
  locationIdentifier: string,
) =>
  `/listing/${enc(String(reviewId))}/${enc(stateSlug)}/${enc(citySlug)}/${enc(locationIdentifier)}`;

/**
 * A topic page (docs/decisions/080-topic-pages.md): `city/:stateSlug/:citySlug/:kind` for a kind
 * in a city, `city/:stateSlug/:citySlug/:neighborhood/:kind` in one of its neighbourhoods, e.g.
 * `/city/il/chicago/pizza`, `/city/il/chicago/wicker-park/pizza`.
 */
export const topicPath = (
  stateSlug: string,
  citySlug: string,
  kindSlug: string,
  neighborhoodSlug = '',
) =>
  cityPath(stateSlug, citySlug) +
  (neighborhoodSlug ? `/${enc(neighborhoodSlug)}` : '') +
  `/${enc(kindSlug)}`;

/** `reviews/:reviewId`: one video's canonical page. */
export const reviewPath = (reviewId: number | string) => `/reviews/${enc(String(reviewId))}`;
