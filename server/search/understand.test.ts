import { describe, expect, it } from 'vitest';
import { editDistance, singular, words } from './text';
import { compileVocabulary, understand } from './understand';

const vocabulary = compileVocabulary({
  cities: [
    { id: 1, name: 'New York' },
    { id: 2, name: 'Miami' },
    { id: 3, name: 'Chicago' },
    { id: 4, name: 'Denver' },
    { id: 5, name: 'Los Angeles', state: 'CA' },
    { id: 6, name: 'Las Vegas', state: 'NV' },
    { id: 7, name: 'Bari' },
  ],
  neighborhoods: [
    { name: 'Pilsen', cityId: 3 },
    { name: 'Chinatown', cityId: 1 },
    { name: 'Chinatown', cityId: 3 },
    { name: 'Baker', cityId: 4 },
    { name: 'Silver Lake', cityId: 2 },
  ],
  tags: [
    { kind: 'cuisine', id: 10, safeName: 'sushi', name: 'Sushi' },
    { kind: 'cuisine', id: 11, safeName: 'tacos', name: 'Tacos' },
    { kind: 'cuisine', id: 12, safeName: 'bakery', name: 'Bakery' },
    { kind: 'category', id: 20, safeName: 'restaurant', name: 'Restaurant' },
    { kind: 'category', id: 21, safeName: 'cocktail-bar', name: 'Cocktail Bar' },
    { kind: 'category', id: 22, safeName: 'food-hall', name: 'Food Hall' },
    { kind: 'super_category', id: null, safeName: 'nightlife', name: 'Nightlife' },
    { kind: 'super_category', id: null, safeName: 'experiences', name: 'Experiences' },
  ],
});

describe('understand', () => {
  it.each([
    ['sushi miami', { what: 'sushi', cityId: 2, tag: 'sushi' }],
    ['sushi in miami', { what: 'sushi', cityId: 2, tag: 'sushi' }],
    ['tacos in new york', { what: 'tacos', cityId: 1, tag: 'tacos' }],
    ['Tacos, New York', { what: 'tacos', cityId: 1, tag: 'tacos' }],
    ['resturant', { what: 'resturant', cityId: null, tag: 'restaurant' }],
    ['restaurants', { what: 'restaurants', cityId: null, tag: 'restaurant' }],
    ['cocktail bars', { what: 'cocktail bars', cityId: null, tag: 'cocktail-bar' }],
    // a kind whose name holds a word that is dropped beside other kinds ("late night food")
    ['food halls around chicago', { what: 'food halls', cityId: 3, tag: 'food-hall' }],
    ['things to do in denver', { what: 'things to do', cityId: 4, tag: 'experiences' }],
    ['nightlife', { what: 'nightlife', cityId: null, tag: 'nightlife' }],
    ['chicago', { what: '', cityId: 3, tag: null }],
    ['chicgao', { what: '', cityId: 3, tag: null }],
    ['bakery', { what: 'bakery', cityId: null, tag: 'bakery', neighborhood: null }],
  ])('"%s"', (term, expected) => {
    const u = understand(term, vocabulary);
    expect({ what: u.what, cityId: u.cityId, tag: u.tag?.safeName ?? null }).toEqual({
      what: expected.what,
      cityId: expected.cityId,
      tag: expected.tag,
    });
    if ('neighborhood' in expected) expect(u.neighborhood).toBeNull();
  });

  it('finds neighbourhoods, in the city named or in every city having one', () => {
    expect(understand('tacos pilsen', vocabulary)).toMatchObject({
      what: 'tacos',
      neighborhood: { name: 'Pilsen', cityIds: [3] },
    });
    expect(understand('chinatown', vocabulary).neighborhood?.cityIds.sort()).toEqual([1, 3]);
    expect(understand('chinatown chicago', vocabulary).neighborhood?.cityIds).toEqual([3]);
  });

  it('reads no typo of a place into words the places spell as typed', () => {
    // "pilson" is one edit from Pilsen: a neighbourhood, unless a place is called Pilson's
    expect(understand('tacos pilson', vocabulary).neighborhood?.name).toBe('Pilsen');
    const known = (w: string) => ['taco', 'pilson'].includes(w);
    expect(understand('tacos pilson', vocabulary, known)).toMatchObject({
      what: 'tacos pilson',
      neighborhood: null,
    });
    // the words spelled exactly still name it, and an unknown word still may carry a typo
    expect(understand('tacos pilsen', vocabulary, known).neighborhood?.name).toBe('Pilsen');
    expect(understand('chicgao', vocabulary, known).cityId).toBe(3);
  });

  it('reads meal and occasion words as occasions, before classifications of that name', () => {
    const occasion = (term: string) => {
      const u = understand(term, vocabulary);
      return {
        what: u.what,
        cityId: u.cityId,
        occasion: u.tag?.kind === 'occasion' ? u.tag.safeName : null,
      };
    };
    expect(occasion('dinner chicago')).toEqual({ what: 'dinner', cityId: 3, occasion: 'dinner' });
    expect(occasion('miami happy hour')).toEqual({
      what: 'happy hour',
      cityId: 2,
      occasion: 'happy-hour',
    });
    expect(occasion('date night ideas in denver').occasion).toBe('date-night');
    expect(occasion('late night food').occasion).toBe('late-night');
    expect(occasion('where to get lunch').occasion).toBe('lunch');
    expect(occasion('dinner and drinks').occasion).toBe('dinner');
    expect(occasion('coffee').occasion).toBe('coffee');
  });

  it('finds a city anywhere, by a nickname, and with a slip in its name', () => {
    const city = (term: string, known: (w: string) => boolean = () => false) => {
      const u = understand(term, vocabulary, known);
      return [u.cityId, u.what];
    };
    expect(city('in chicago brunch')).toEqual([3, 'brunch']);
    expect(city('brunch around miami')).toEqual([2, 'brunch']);
    expect(city('brunch nyc')).toEqual([1, 'brunch']);
    expect(city('bars in la')).toEqual([5, 'bars']);
    expect(city('sushi new yrok')).toEqual([1, 'sushi']);
    expect(city('late night in lbs vegas')).toEqual([6, 'late night']);
    expect(city('los angeles ca tacos')).toEqual([5, 'tacos']);
    // A nickname that is a word of places' names is the city only where a city goes.
    const la = (w: string) => w === 'la';
    expect(city('la cocina', la)).toEqual([null, 'la cocina']);
    expect(city('tacos in la', la)).toEqual([5, 'tacos']);
    expect(city('la sushi', la)).toEqual([5, 'sushi']);
    // A short name takes one slip, but not from a word that names what to find.
    expect(city('pizza bsri')).toEqual([7, 'pizza']);
    expect(city('tacos bar')).toEqual([null, 'tacos bar']);
    // A word places spell as typed is no slip ("denvor" would be Denver).
    expect(city('denvor', (w) => w === 'denvor')).toEqual([null, 'denvor']);
  });

  it('hears "near me" and handles', () => {
    expect(understand('brunch near me', vocabulary)).toMatchObject({
      what: 'brunch',
      nearMe: true,
    });
    expect(understand('sushi nearby', vocabulary)).toMatchObject({ what: 'sushi', nearMe: true });
    expect(understand('@taco_tina', vocabulary)).toMatchObject({ handle: true, cityId: null });
  });
});

describe('text', () => {
  it('folds plurals and punctuation', () => {
    expect(['tacos', 'bakeries', 'boxes', 'bars', 'glass', 'sushi'].map(singular)).toEqual([
      'taco',
      'bakery',
      'box',
      'bar',
      'glass',
      'sushi',
    ]);
    expect(words("Hell's Kitchen & Café")).toEqual(['hells', 'kitchen', 'and', 'cafe']);
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('twsited', 'twisted', 2)).toBe(1);
    expect(editDistance('resturant', 'restaurant', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
