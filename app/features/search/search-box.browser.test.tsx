import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { allowConsole } from '../../../tests/component/setup';
import type { City } from '../../../contract/cities';
import type { Review } from '../../../contract/reviews';
import type { SearchPlace, SearchResults } from '../../../contract/search';
import type { Author } from '../../../contract/users';
import { paths } from '../../paths';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-query';
import { sampleReview } from '../../shared/video-player/review-fixture';
import { SearchBox } from './search-box';

// ---- Answers of the wonder-search read -------------------------------------------------------
//
// The box asks the server itself (browserReads(), app/api/client.ts), so the test answers at
// the one boundary it has: window.fetch, which the API client calls for every read. Faking it
// there keeps the real client (its URL, headers and null on a failed call) in the test; nothing
// else is faked, and no third party is involved. Images are left out so nothing else is fetched.

const place = (id: number, name: string): SearchPlace => ({
  clm_id: id,
  clm_name: name,
  clm_label: 'Taqueria',
  clm_slug: `place-${id}`,
  clm_address: '1 Main St',
  clm_city: 'Chicago',
  clm_state: 'IL',
  clm_zip: '60608',
  clm_neighborhood: 'Pilsen',
  super_categories: [],
  city_slug: 'chicago',
  poster_url: null,
  review_count: 3,
  follower_count: 10,
  clm_price_level: null,
  clm_hours: [],
  clm_time_zone: 'America/Chicago',
  tags: { categories: [], cuisines: [] },
  distance_km: null,
});

const chicago: City = {
  clm_id: 1,
  clm_city: 'Chicago',
  clm_state: 'IL',
  clm_state_name: 'Illinois',
  clm_country: 'US',
  clm_lat: 41.88,
  clm_lon: -87.63,
  clm_service_id: 'svc-1',
  clm_slug: 'chicago-il',
  state_slug: 'il',
  city_slug: 'chicago',
  clm_time_zone: 'America/Chicago',
};

const local: Author = {
  clm_id: 7,
  clm_username: 'taco.maya',
  display_name: 'Maya',
  avatar_url: '',
  vanity_url: 'taco-maya',
};

const video: Review = sampleReview(40, {
  clm_caption: 'Tacos at midnight',
  video: { ...sampleReview(40).video, poster_url: '' },
});

/** Two places, a city, a local and a video: options in every group. */
const TACOS: SearchResults['data'] = {
  locations: [place(11, 'Taqueria Chingon'), place(12, 'Tacos El Norte')],
  cities: [chicago],
  users: [local],
  reviews: [video],
};
/** Options in the order the arrow keys walk them (groups: places, cities, locals, videos). */
const TACOS_OPTIONS = [
  'Taqueria Chingon',
  'Tacos El Norte',
  'Chicago',
  'Maya',
  'Tacos at midnight',
];

/** Sixteen options: more than the list shows without scrolling. */
const MANY: SearchResults['data'] = {
  locations: Array.from({ length: 5 }, (_, i) => place(100 + i, `Pizza place ${i + 1}`)),
  cities: [chicago],
  users: Array.from({ length: 5 }, (_, i) => ({
    ...local,
    clm_id: 200 + i,
    display_name: `P ${i}`,
  })),
  reviews: Array.from({ length: 5 }, (_, i) =>
    sampleReview(300 + i, { video: video.video, clm_caption: `Pizza clip ${i + 1}` }),
  ),
};

type Answer = SearchResults['data'] | 'fail';
let answer: (term: string) => Answer | Promise<Answer>;
/** The terms the box asked for, in order. */
let asked: string[];

beforeEach(() => {
  // Recent searches live in local storage: each test starts as a new visitor.
  localStorage.clear();
  asked = [];
  answer = () => TACOS;
  const passOn = window.fetch.bind(window); // the test runner's own requests
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
    if (!url.pathname.startsWith('/api/')) return passOn(input, init);
    if (url.pathname !== '/api/v2/search/wonder-search')
      throw new Error(`unexpected API call ${url.pathname}`);
    const term = url.searchParams.get('term') ?? '';
    asked.push(term);
    const data = await answer(term);
    if (data === 'fail') return new Response('{"error":"unavailable"}', { status: 503 });
    return Response.json({ term, data } satisfies SearchResults);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

// ---- The page around the box ------------------------------------------------------------------

/** Where the router is: the box navigates on Enter and on choosing an option. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{pathname + search}</output>;
}

async function renderBox(initialValue?: string) {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <>
          <SearchBox initialValue={initialValue} />
          <Where />
        </>
      ),
    },
  ]);
  await render(<Stub initialEntries={['/']} />);
}

const box = () => page.getByRole('combobox', { name: 'Search Spotreel' });
const listbox = () => page.getByRole('listbox', { name: 'Search suggestions' });
const option = (name: string) => listbox().getByRole('option', { name: new RegExp(`^${name}`) });
const where = () => page.getByRole('status', { name: 'Location' });
const input = () => box().element() as HTMLInputElement;
/** The list the box controls (aria-controls), found even while hidden. */
const controlledList = () =>
  page.elementLocator(document.getElementById(input().getAttribute('aria-controls')!)!);

/** An option's title (without its detail line). */
const titleOf = (option: Element) => option.querySelector('span span')?.textContent;

/** The option the box marks active for assistive technology (aria-activedescendant). */
function activeOption(): string | null | undefined {
  const id = input().getAttribute('aria-activedescendant');
  if (!id) return null;
  const element = document.getElementById(id);
  expect(element, `aria-activedescendant names an element (#${id})`).not.toBeNull();
  expect(element!.getAttribute('role')).toBe('option');
  expect(element!.getAttribute('aria-selected')).toBe('true');
  return titleOf(element!);
}

async function typeAndWait(words: string, first = TACOS_OPTIONS[0]!) {
  await box().fill(words);
  await expect.element(option(first)).toBeVisible();
  await expect.element(box()).toHaveAttribute('aria-expanded', 'true');
}

/** Names of the options, in the order they show. */
const shownOptions = () => [...document.querySelectorAll('[role="option"]')].map(titleOf);

describe('SearchBox', () => {
  test('arrow keys walk the suggestions across groups and wrap, focus staying in the box', async () => {
    await renderBox();
    await typeAndWait('tacos');
    expect(shownOptions()).toEqual(TACOS_OPTIONS);
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);

    for (const name of TACOS_OPTIONS) {
      await userEvent.keyboard('{ArrowDown}');
      expect(activeOption()).toBe(name);
    }
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(TACOS_OPTIONS[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(TACOS_OPTIONS.at(-1));
    await userEvent.keyboard('{Home}');
    expect(activeOption()).toBe(TACOS_OPTIONS[0]);
    await userEvent.keyboard('{End}');
    expect(activeOption()).toBe(TACOS_OPTIONS.at(-1));

    // Only one option is ever marked, and the caret's field keeps the focus throughout.
    expect(document.querySelectorAll('[role="option"][aria-selected="true"]')).toHaveLength(1);
    expect(document.activeElement).toBe(input());
    expect(input().value).toBe('tacos');
  });

  test('ArrowUp from the box reaches the last suggestion, scrolled into sight in the list', async () => {
    answer = () => MANY;
    await renderBox();
    await typeAndWait('pizza', 'Pizza place 1');
    const list = listbox().element();
    expect(list.scrollHeight, 'the list scrolls').toBeGreaterThan(list.clientHeight);

    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('Pizza clip 5');
    const last = document.getElementById(input().getAttribute('aria-activedescendant')!)!;
    const [inner, outer] = [last.getBoundingClientRect(), list.getBoundingClientRect()];
    expect(inner.top).toBeGreaterThanOrEqual(outer.top);
    expect(inner.bottom).toBeLessThanOrEqual(outer.bottom + 0.5);
  });

  test('Enter opens the active suggestion and closes the list', async () => {
    await renderBox();
    await typeAndWait('tacos');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}'); // Chicago
    await userEvent.keyboard('{Enter}');

    await expect.element(where()).toHaveTextContent(paths.city('il', 'chicago'));
    await expect.element(controlledList()).not.toBeVisible();
    expect(box().element().getAttribute('aria-expanded')).toBe('false');
  });

  test('Enter with no suggestion chosen opens the results page for the words', async () => {
    await renderBox();
    await typeAndWait('tacos');
    await userEvent.keyboard('{Enter}');
    await expect.element(where()).toHaveTextContent(paths.results({ q: 'tacos' }));
  });

  test('empty and focused, the box offers the recent searches, newest first; one opens its results', async () => {
    await renderBox();
    await box().click();
    await expect.element(controlledList()).not.toBeVisible();
    for (const words of ['sushi', 'tacos']) {
      await box().fill(words);
      await userEvent.keyboard('{Enter}');
      await expect.element(where()).toHaveTextContent(paths.results({ q: words }));
    }

    // A search sent with Enter asks for no suggestions after it (what a slow machine asked
    // before the Enter is not this test's).
    asked = [];
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(asked).toEqual([]);
    await box().fill('');
    await box().click();
    const recent = page.getByRole('group', { name: 'Recent searches' });
    await expect.element(recent).toBeVisible();
    expect(shownOptions()).toEqual(['tacos', 'sushi']);
    // the recent searches are this browser's own: showing them asks the server nothing
    expect(asked).toEqual([]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect.poll(() => activeOption()).toBe('sushi');
    await userEvent.keyboard('{Enter}');
    await expect.element(where()).toHaveTextContent(paths.results({ q: 'sushi' }));
    expect(JSON.parse(localStorage.getItem('spotreel:recent-searches')!)).toEqual([
      'sushi',
      'tacos',
    ]);

    // Typing replaces them with suggestions for the words.
    await typeAndWait('tacos');
    await expect.element(recent).not.toBeInTheDocument();
  });

  test('the words a page starts with show no spinner and ask nothing until the list opens', async () => {
    await renderBox('tacos');
    const spinner = () => box().element().parentElement!.querySelector('svg.lucide-loader-circle');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(asked).toEqual([]);
    expect(spinner()).toBeNull();
    // Opened, the box asks for them, and shows the answer with no spinner left.
    await box().click();
    await expect.element(option('Tacos El Norte')).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    expect(spinner()).toBeNull();
  });

  test('Escape closes the list first and keeps the words; a second Escape clears the box', async () => {
    await renderBox();
    await typeAndWait('tacos');
    await userEvent.keyboard('{ArrowDown}');

    await userEvent.keyboard('{Escape}');
    await expect.element(controlledList()).not.toBeVisible();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    expect(input().value).toBe('tacos');

    await userEvent.keyboard('{Escape}');
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());

    // Typing again opens the list again.
    await typeAndWait('tacos');
  });

  test('an Enter that confirms an input method’s composition does not open a suggestion', async () => {
    await renderBox();
    await typeAndWait('tacos');
    await userEvent.keyboard('{ArrowDown}');
    // What a Japanese or Chinese keyboard sends to pick a word: Enter while composing.
    input().dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where().element().textContent).toBe('/');
    expect(activeOption()).toBe(TACOS_OPTIONS[0]);
  });

  test('a slow answer for earlier words never replaces the answer for the latest ones', async () => {
    let answerFirst: (data: Answer) => void = () => {};
    answer = (term) =>
      term === 'ta'
        ? new Promise<Answer>((resolve) => (answerFirst = resolve))
        : { locations: [place(20, 'Tacos Only Here')] };
    await renderBox();
    await box().fill('ta');
    await expect.poll(() => asked).toEqual(['ta']);
    await box().fill('tacos only');
    await expect.element(option('Tacos Only Here')).toBeVisible();

    answerFirst(TACOS); // the first call's answer arrives last
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shownOptions()).toEqual(['Tacos Only Here']);
  });

  test('words typed quickly are asked for once, when the typing pauses', async () => {
    await renderBox();
    await box().click();
    await userEvent.keyboard('tacos');
    await expect.element(option(TACOS_OPTIONS[0]!)).toBeVisible();
    expect(asked).toEqual(['tacos']);
  });

  test('when search fails the box says so, and Try again asks again', async () => {
    allowConsole(/API GET \/api\/v2\/search\/wonder-search failed/);
    answer = () => 'fail';
    await renderBox();
    await box().fill('tacos');
    await expect.element(page.getByText('Search isn’t answering just now.').first()).toBeVisible();
    expect(input().getAttribute('aria-expanded')).toBe('false');

    answer = () => TACOS;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(option(TACOS_OPTIONS[0]!)).toBeVisible();
    expect(asked).toEqual(['tacos', 'tacos']);
    expect(document.activeElement).toBe(input());
  });

  test('leaving the box with Tab closes the list; Clear empties it and keeps the focus', async () => {
    await renderBox();
    await typeAndWait('tacos');
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());

    await typeAndWait('tacos');
    await userEvent.keyboard('{Tab}'); // onto Clear: still inside the box
    await expect.element(listbox()).toBeVisible();
    await userEvent.keyboard('{Tab}');
    await expect.element(controlledList()).not.toBeVisible();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });
});
