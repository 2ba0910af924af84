import { beforeAll, describe, expect, it } from 'vitest';
import type { City } from '../../contract/cities';
import type { ClassificationList } from '../../contract/classifications';
import type { Location } from '../../contract/locations';
import type { SearchResults } from '../../contract/search';
import { slugify } from '../../contract/slug';
import { TOPIC_MIN_PLACES, TOPIC_PLACES } from '../../contract/topic-rules';
import type { TopicList, TopicPage } from '../../contract/topics';
import { api, baseUrl, fresh } from './client';

/**
 * Topic pages (spec §2.6, docs/decisions/080-topic-pages.md): a kind's best places in a city or a
 * neighbourhood, with at least TOPIC_MIN_PLACES places; any other combination is a 404. Kinds
 * and places are found through the API, so the test holds for any seeded world.
 */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

async function page(path: string) {
  const response = await fetch(baseUrl() + fresh(path), {
    headers: { 'user-agent': DESKTOP, accept: 'text/html' },
  });
  return { status: response.status, html: await response.text() };
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const decode = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"');

let chicago: City;
let topics: TopicList['data'];

beforeAll(async () => {
  const cities = await api<{ data: City[] }>('/api/v2/cities');
  chicago = cities.body.data.find((c) => c.city_slug === 'chicago')!;
  topics = (await api<TopicList>(`/api/v2/cities/${chicago.clm_id}/topics?limit=50`)).body.data;
});

describe('GET /api/v2/cities/{id}/topics', () => {
  it('names the city’s categories and cuisines with enough places, most places first', () => {
    expect(topics.length).toBeGreaterThan(0);
    for (const topic of topics) {
      expect(topic.kind).not.toBe('super_category');
      expect(topic.neighborhood).toBe('');
      expect(topic.location_count).toBeGreaterThanOrEqual(TOPIC_MIN_PLACES);
      expect(topic.path).toBe(`/city/il/chicago/${topic.slug}`);
    }
    const counts = topics.map((t) => t.location_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe('a topic page', () => {
  it('answers its read with the places of its kind, best first, and its neighbours', async () => {
    const topic = topics[0]!;
    const { status, body } = await api<TopicPage>(
      `/api/v2/cities/${chicago.clm_id}/topic?kind=${topic.slug}`,
    );
    expect(status).toBe(200);
    expect(body.topic).toEqual(topic);
    expect(body.places).toHaveLength(Math.min(topic.location_count, TOPIC_PLACES));
    for (const place of body.places) {
      expect(place.clm_city).toBe('Chicago');
      const full = await api<Location>(`/api/v2/locations/${place.clm_id}`);
      const kinds = [...full.body.tags.cuisines, ...full.body.tags.categories];
      expect(kinds.map((k) => k.safe_name)).toContain(topic.slug);
      expect(place.creator_count).toBeGreaterThan(0);
      expect(place.creator_count).toBeLessThanOrEqual(place.review_count);
    }
    // best first: the order of the city's results of that kind sorted by popularity (rank score)
    const filter = topic.kind === 'cuisine' ? 'cuisine' : 'category';
    const search = await api<SearchResults>(
      `/api/v2/search/wonder-search?search_type=global&term=&include=locations&sort=popularity` +
        `&limit=${TOPIC_PLACES}&city_id=${chicago.clm_id}&${filter}=${topic.slug}`,
    );
    expect(body.places.map((p) => p.clm_id)).toEqual(
      search.body.data.locations!.map((p) => p.clm_id),
    );
    expect(body.here.map((t) => t.slug)).not.toContain(topic.slug);
    expect(body.here.every((t) => t.neighborhood === '')).toBe(true);
    expect(body.nearby.every((t) => t.slug === topic.slug && t.neighborhood !== '')).toBe(true);
  });

  it('is server-rendered with its title, canonical link, Open Graph and ItemList', async () => {
    const topic = topics[0]!;
    const { body } = await api<TopicPage>(
      `/api/v2/cities/${chicago.clm_id}/topic?kind=${topic.slug}`,
    );
    const { status, html } = await page(topic.path);
    expect(status).toBe(200);
    const title = `Best ${topic.title} in Chicago, IL`;
    expect(decode(attribute(html, /<title>([^<]*)<\/title>/)!)).toBe(`${title} · Spotreel`);
    expect(decode(attribute(html, /<meta name="description" content="([^"]*)"/)!)).toContain(
      `best ${topic.title.toLowerCase()} in Chicago, IL`,
    );
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(baseUrl() + topic.path);
    expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(
      baseUrl() + topic.path,
    );
    expect(decode(attribute(html, /<meta property="og:title" content="([^"]*)"/)!)).toBe(
      `${title} · Spotreel`,
    );
    const list = jsonLd(html).find((item) => item['@type'] === 'ItemList')!;
    expect(list).toMatchObject({ '@context': 'https://schema.org', name: title });
    expect(list.itemListElement).toEqual(
      body.places.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: p.clm_name,
        url: `${baseUrl()}/location/${p.city_slug}/${p.clm_slug}`,
      })),
    );
    // The ranked list itself, in the HTML: the same places in the same order.
    const listed = [...html.matchAll(/href="\/location\/chicago-il\/([^"]+)"/g)].map((m) => m[1]);
    expect(listed.slice(0, body.places.length)).toEqual(body.places.map((p) => p.clm_slug));
    expect(html).toContain(`<h1`);
    expect(decode(html)).toContain(`>${title}</h1>`);
  });

  it('has neighbourhood pages where a neighbourhood has enough places', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemaps/topics-1.xml`)).text();
    const path = [...sitemap.matchAll(/<loc>[^<]*?(\/city\/[^<]+)<\/loc>/g)]
      .map((m) => m[1]!)
      .find((p) => p.split('/').length === 6)!;
    expect(path).toBeDefined();
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(baseUrl() + path);
    const list = jsonLd(html).find((item) => item['@type'] === 'ItemList')!;
    expect((list.itemListElement as unknown[]).length).toBeGreaterThanOrEqual(TOPIC_MIN_PLACES);
    // the neighbourhood's slug, written in SQL, is the one slug rule's (contract/slug.ts)
    const [, , stateSlug, citySlug, hood, kind] = path.split('/');
    const city = await api<{ target: City }>(
      `/api/v2/routes/${citySlug}-${stateSlug}?target_type=city`,
    );
    const read = await api<TopicPage>(
      `/api/v2/cities/${city.body.target.clm_id}/topic?kind=${kind}&neighborhood=${hood}`,
    );
    expect(read.body.topic.neighborhood_slug).toBe(hood);
    expect(slugify(read.body.topic.neighborhood)).toBe(hood);
    expect(read.body.places.every((p) => p.clm_neighborhood === read.body.topic.neighborhood)).toBe(
      true,
    );
  });

  it('answers 404 for a kind under the threshold, unknown kinds, neighbourhoods and cities', async () => {
    const cuisines = await api<ClassificationList>(
      `/api/v3/classifications/cuisines?city_id=${chicago.clm_id}&per_page=100`,
    );
    const few = cuisines.body.data.find(
      (c) => Number(c.clm_count) > 0 && Number(c.clm_count) < TOPIC_MIN_PLACES,
    )!;
    expect(few, 'a cuisine with a few places in Chicago').toBeDefined();
    const topic = topics[0]!;
    for (const path of [
      `/city/il/chicago/${few.safe_name}`,
      '/city/il/chicago/no-such-kind',
      `/city/il/chicago/no-such-neighbourhood/${topic.slug}`,
      `/city/il/nowhere/${topic.slug}`,
      // the city's whole slug split elsewhere ("san" + "francisco-ca" is san-francisco-ca)
      `/city/francisco-ca/san/${topic.slug}`,
      `/city/il/chicago/${topic.slug.toUpperCase()}`,
      `/city/il/chicago/${topic.slug}/extra/part`,
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).not.toContain('"ItemList"');
    }
    const read = await api(`/api/v2/cities/${chicago.clm_id}/topic?kind=${few.safe_name}`);
    expect(read.status).toBe(404);
  });
});

describe('the results page', () => {
  const offerOf = (html: string) =>
    attribute(html, /<a data-testid="topic-offer" href="([^"]+)"/) ??
    attribute(html, /<a href="([^"]+)" data-testid="topic-offer"/);

  it('offers the topic page when the search is exactly a kind and a place', async () => {
    const topic = topics[0]!;
    const words = topic.title.toLowerCase();
    for (const path of [
      `/?q=${encodeURIComponent(`${words} in chicago`)}`,
      `/?q=${encodeURIComponent(`best ${words} chicago`)}`,
      `/city/il/chicago?q=${encodeURIComponent(words)}`,
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(offerOf(html), path).toBe(topic.path);
    }
    const { html } = await page(`/?q=${encodeURIComponent(`quiet ${words} in chicago`)}`);
    expect(offerOf(html)).toBeUndefined();
  });

  it('offers a neighbourhood’s topic page for a kind and a neighbourhood', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemaps/topics-1.xml`)).text();
    const path = [...sitemap.matchAll(/<loc>[^<]*?(\/city\/[^<]+)<\/loc>/g)]
      .map((m) => m[1]!)
      .find((p) => p.split('/').length === 6)!;
    const [, , stateSlug, citySlug, hood, kind] = path.split('/');
    const city = await api<{ target: City }>(
      `/api/v2/routes/${citySlug}-${stateSlug}?target_type=city`,
    );
    const { body } = await api<TopicPage>(
      `/api/v2/cities/${city.body.target.clm_id}/topic?kind=${kind}&neighborhood=${hood}`,
    );
    // the kind's slug in words: the search understands "dining", not "Food & Drink"
    const q = `${body.topic.slug.replaceAll('-', ' ')} in ${body.topic.neighborhood}`.toLowerCase();
    const { html } = await page(`/?q=${encodeURIComponent(q)}`);
    expect(offerOf(html), q).toBe(path);
  });
});

describe('GET /api/v2/locations/{id}/topics', () => {
  it('names the topic pages a place is on, its neighbourhood’s first', async () => {
    const { body } = await api<TopicPage>(
      `/api/v2/cities/${chicago.clm_id}/topic?kind=${topics[0]!.slug}`,
    );
    const place = body.places[0]!;
    const own = await api<TopicList>(`/api/v2/locations/${place.clm_id}/topics`);
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    for (const topic of own.body.data) {
      expect([place.clm_neighborhood, '']).toContain(topic.neighborhood);
      expect(topic.city_name).toBe('Chicago');
    }
    const hoods = own.body.data.map((t) => t.neighborhood !== '');
    expect(hoods).toEqual([...hoods].sort((a, b) => Number(b) - Number(a)));
  });
});
