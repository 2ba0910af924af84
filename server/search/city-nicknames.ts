/**
 * What people type for a city besides its name (spec §7 search, ADR 076): abbreviations and
 * nicknames, by the city's name. Only the cities the world has are understood (the index's
 * vocabulary holds its cities); the rest of the table waits for them. Normalized as queries are
 * ("l.a." is "l a").
 */
export const CITY_NICKNAMES: Record<string, string[]> = {
  'New York': ['nyc', 'ny', 'new york city', 'manhattan', 'big apple', 'the big apple'],
  'Los Angeles': ['la', 'l a'],
  'San Francisco': ['sf', 's f', 'san fran', 'frisco', 'sanfran'],
  'New Orleans': ['nola', 'big easy', 'the big easy'],
  Philadelphia: ['philly', 'phl', 'phila'],
  'Las Vegas': ['vegas', 'lv', 'sin city'],
  Atlanta: ['atl', 'hotlanta', 'the atl'],
  Chicago: ['chi', 'chi town', 'chitown', 'windy city', 'the windy city'],
  Boston: ['bos', 'beantown'],
  Austin: ['atx'],
  Nashville: ['nash', 'music city', 'nashvegas'],
  Seattle: ['emerald city'],
  Denver: ['mile high', 'mile high city'],
  Miami: ['magic city', 'the 305'],
  Washington: ['dc', 'd c', 'washington dc', 'the district'],
  'Washington DC': ['dc', 'd c', 'the district'],
  Houston: ['htx', 'h town', 'htown'],
  Dallas: ['dfw', 'big d'],
  'San Diego': ['sd', 'sdg'],
  Portland: ['pdx'],
  Phoenix: ['phx'],
  'San Antonio': ['satx'],
  'Salt Lake City': ['slc'],
  'St. Louis': ['stl', 'saint louis'],
  'Kansas City': ['kc', 'kcmo'],
  Minneapolis: ['mpls'],
  Baltimore: ['bmore', 'charm city'],
  Pittsburgh: ['pgh', 'the burgh'],
  Detroit: ['dtw', 'motor city'],
  Honolulu: ['hnl'],
  Orlando: ['orl'],
  Charlotte: ['clt'],
  Cleveland: ['cle'],
  Cincinnati: ['cincy'],
  Indianapolis: ['indy'],
  'Oklahoma City': ['okc'],
  Albuquerque: ['abq'],
  Sacramento: ['sacto'],
  'San Jose': ['sj'],
  Jacksonville: ['jax'],
  Milwaukee: ['mke'],
  'Mexico City': ['cdmx', 'df'],
  London: ['ldn'],
  Toronto: ['the 6ix', 'tdot'],
  Montreal: ['mtl'],
  Vancouver: ['yvr'],
  Barcelona: ['bcn', 'barna'],
  Amsterdam: ['ams'],
  'Rio de Janeiro': ['rio'],
  'São Paulo': ['sampa'],
  'Buenos Aires': ['bsas'],
  'Hong Kong': ['hk', 'hkg'],
  Singapore: ['sg'],
  Copenhagen: ['cph'],
  Bangkok: ['bkk'],
  Melbourne: ['melb'],
};

/** A city's nicknames by its name as search compares names (case and accents folded). */
export function nicknamesOf(name: string, fold: (text: string) => string): string[] {
  const typed = fold(name);
  for (const [city, nicknames] of Object.entries(CITY_NICKNAMES))
    if (fold(city) === typed) return nicknames;
  return [];
}
