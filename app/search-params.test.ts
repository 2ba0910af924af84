import { describe, expect, it } from 'vitest';
import {
  EMPTY_RESULTS_QUERY,
  filterCount,
  parseResultsQuery,
  resultsSearch,
  sameResultsQuery,
} from './search-params';
import { paths } from './paths';

const parse = (search: string) => parseResultsQuery(new URLSearchParams(search));

describe('parseResultsQuery', () => {
  it('reads words, filters and sort', () => {
    expect(
      parse('q=sushi&category=date-night&cuisine=Japanese&price=2,1&open_now=1&sort=popularity'),
    ).toEqual({
      q: 'sushi',
      category: 'date-night',
      cuisine: 'japanese',
      price: [1, 2],
      openNow: true,
      sort: 'popularity',
    });
  });

  it('reads the prices a plain form sends, one field each', () => {
    expect(parse('q=x&price=3&price=1&price=3').price).toEqual([1, 3]);
  });

  it('drops what the API would refuse instead of failing the page', () => {
    expect(parse('q=x&price=9,0,two&sort=random&category=not a name&cuisine=%00')).toEqual({
      ...EMPTY_RESULTS_QUERY,
      q: 'x',
    });
  });

  it('trims and collapses the words and keeps at most 100 characters', () => {
    expect(parse('q=%20%20tacos%20%20%20new%20york%20').q).toBe('tacos new york');
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('takes the open_now values a form or a link sends', () => {
    for (const value of ['1', 'true', 'on']) expect(parse(`open_now=${value}`).openNow).toBe(true);
    expect(parse('open_now=0').openNow).toBe(false);
  });
});

describe('resultsSearch', () => {
  it('leaves the defaults out, in one order', () => {
    expect(resultsSearch({ ...EMPTY_RESULTS_QUERY, q: 'sushi miami' })).toBe('?q=sushi+miami');
    expect(
      resultsSearch({
        q: 'pizza',
        category: 'rooftop',
        cuisine: 'italian',
        price: [1, 2],
        openNow: true,
        sort: 'distance',
      }),
    ).toBe('?q=pizza&category=rooftop&cuisine=italian&price=1%2C2&open_now=1&sort=distance');
  });

  it('keeps an empty q only when no category or cuisine says this is a search', () => {
    expect(resultsSearch(EMPTY_RESULTS_QUERY)).toBe('?q=');
    expect(resultsSearch({ ...EMPTY_RESULTS_QUERY, category: 'nightlife' })).toBe(
      '?category=nightlife',
    );
  });

  it('round-trips through the parser', () => {
    const query = parse('q=tacos&cuisine=mexican&price=4&sort=popularity');
    expect(parse(resultsSearch(query).slice(1))).toEqual(query);
    expect(sameResultsQuery(query, parse('sort=popularity&price=4&cuisine=MEXICAN&q=tacos'))).toBe(
      true,
    );
  });
});

describe('paths.results', () => {
  it('is the landing route, or the city route for results in a city', () => {
    expect(paths.results({ q: 'sushi' })).toBe('/?q=sushi');
    expect(paths.results({ cuisine: 'sushi' }, { stateSlug: 'fl', citySlug: 'miami' })).toBe(
      '/city/fl/miami?cuisine=sushi',
    );
  });
});

describe('filterCount', () => {
  it('counts the filters, not the words or the order', () => {
    expect(filterCount({ ...EMPTY_RESULTS_QUERY, q: 'x', sort: 'popularity' })).toBe(0);
    expect(
      filterCount({
        ...EMPTY_RESULTS_QUERY,
        category: 'a',
        cuisine: 'b',
        price: [1],
        openNow: true,
      }),
    ).toBe(4);
  });
});
