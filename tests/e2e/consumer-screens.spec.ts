import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, isMobile, test } from './fixtures';

type Summary = {
  clm_id: number;
  clm_name: string;
  clm_slug: string;
  city_slug: string;
  review_count: number;
};

async function popularPlace(request: APIRequestContext): Promise<Summary> {
  for (let city = 1; city <= 14; city++) {
    for (const kind of ['dining', 'nightlife', 'hotel', 'experiences', 'shopping']) {
      const answer = await request.get(
        `/api/v2/cities/${city}/top-locations?super_category=${kind}&limit=24`,
      );
      const { data } = (await answer.json()) as { data: Summary[] };
      const found = data.find((p) => p.review_count >= 36);
      if (found) return found;
    }
  }
  throw new Error('no place with 36+ videos in the seeded world');
}

const tiles = (page: Page, label: RegExp) =>
  page.getByRole('list', { name: label }).getByRole('listitem');

test.describe('place page', () => {
  test('both URL forms show the place, with 15 videos first, then 20 more per page, each once', async ({
    page,
    request,
  }) => {
    const place = await popularPlace(request);
    await page.goto(`/locations/${place.clm_slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.clm_name);
    await page.goto(`/location/${place.city_slug}/${place.clm_slug}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.clm_name);
    const videos = tiles(page, new RegExp(`^Videos of `));
    await expect(videos).toHaveCount(15);
    await page.getByRole('button', { name: 'Show more videos' }).click();
    await expect(videos).toHaveCount(20);
    await page.getByRole('button', { name: 'Show more videos' }).click();
    await expect(videos).toHaveCount(Math.min(40, place.review_count));
    const hrefs = await videos
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  test('shows details, tips, related places, the claim entry and structured data', async ({
    page,
    request,
  }) => {
    const place = await popularPlace(request);
    const response = await request.get(`/location/${place.city_slug}/${place.clm_slug}`);
    const html = await response.text();
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(
      /"@type":"(Restaurant|BarOrPub|Hotel|TouristAttraction|Store|LocalBusiness)"/,
    );
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\.jpg"/);
    await page.goto(`/location/${place.city_slug}/${place.clm_slug}`);
    await expect(page.getByRole('heading', { name: 'Tips from locals' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'More spots like this nearby' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Claim Business' })).toBeVisible();
    await expect(page.getByText(/followers/)).toBeVisible();
  });
});

test.describe('city page', () => {
  test('cuisines come pinned first; categories 10 a page; the feed loads 4 at a time as you scroll', async ({
    page,
  }) => {
    const feedCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/cities/') && r.url().includes('/feed')) feedCalls.push(r.url());
    });
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const feed = tiles(page, /^Videos from Chicago/);
    await expect(feed).toHaveCount(4);
    const cuisines = page.getByRole('list', { name: 'Cuisines' }).getByRole('listitem');
    const pinned = await cuisines.evaluateAll((items) =>
      items.map((i) => i.getAttribute('data-pinned')),
    );
    expect(pinned[0]).toBe('1');
    expect(pinned).toEqual([...pinned].sort().reverse());
    const categories = page
      .getByRole('list', { name: 'Practical categories' })
      .getByRole('listitem');
    await expect(categories).toHaveCount(10);
    await page.getByRole('button', { name: 'More categories' }).click();
    await expect(categories).toHaveCount(20);

    const jump = page.getByRole('navigation', { name: 'Jump to a kind of place in Chicago' });
    for (const strip of ['Food & Drink', 'Nightlife', 'Hotels', 'Experiences', 'Shopping']) {
      await expect(page.getByRole('heading', { level: 2, name: strip })).toBeVisible();
      // Each strip is a taste of at most 8; its "See all", there when the kind has more, names
      // what it opens: the city's results of the kind.
      const region = page.getByRole('region', { name: strip, exact: true });
      const count = Number(
        (await jump.getByRole('link', { name: new RegExp(`^${strip}`) }).innerText()).match(
          /\d+/,
        )![0],
      );
      await expect(region.getByRole('listitem')).toHaveCount(Math.min(count, 8));
      await expect(
        region.getByRole('link', { name: new RegExp(`^See all \\d+ ${strip} in Chicago$`) }),
      ).toHaveCount(count > 8 ? 1 : 0);
    }
    await page.getByRole('heading', { name: 'Latest from Chicago' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => feed.count()).toBeGreaterThanOrEqual(8);
    // The browser asks for 4 more at a time, from the previous call's next_start.
    expect(new URL(feedCalls[0]!).searchParams.get('start')).toBe('4');
    expect(new URL(feedCalls[0]!).searchParams.get('limit')).toBe('4');

    await page
      .getByRole('region', { name: 'Food & Drink', exact: true })
      .getByRole('link', { name: /^See all/ })
      .click();
    await expect(page).toHaveURL(/\/city\/il\/chicago\?category=dining$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Chicago');
  });
});

test.describe('review page', () => {
  test('both URL forms show the video; a play is recorded once with its watched time', async ({
    page,
  }) => {
    await page.goto('/listing/148734/ny/new-york/anything-1001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const reads: { url: string; body: string | null }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/reads/'))
        reads.push({ url: r.url(), body: r.postData() });
    });
    await page.goto('/reviews/148734');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(3_000);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.url).toMatch(/\/api\/v2\/reviews\/148734\/reads\/web-/);
    expect(JSON.parse(reads[0]!.body ?? '{}').watchedDuration).toBeGreaterThanOrEqual(2);
  });
});

test.describe('sound controls', () => {
  test('a video with a sound track offers Unmute; a silent one offers none (ADR 077)', async ({
    page,
    request,
  }) => {
    type Watch = { results: { video: { clm_id: number; video: { has_audio: boolean } } }[] };
    const answer = await request.get('/api/v4/global/watch?limit=30');
    const videos = ((await answer.json()) as Watch).results.map((r) => r.video);
    const withSound = videos.find((v) => v.video.has_audio);
    const silent = videos.find((v) => !v.video.has_audio);
    expect(withSound && silent, 'a video with sound and a silent one').toBeTruthy();

    await page.goto(`/reviews/${withSound!.clm_id}`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: /^(Pause|Play)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();

    await page.goto(`/reviews/${silent!.clm_id}`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: /^(Pause|Play)$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Unmute|Mute)$/ })).toHaveCount(0);
  });
});

test.describe('sharing', () => {
  test('a page opened with ?referrer= records the share once', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v2/trackers/share'))
        posts.push(r.postData() ?? '');
    });
    await page.goto('/reviews/148734?referrer=rfriend123');
    await hydrated(page);
    await expect.poll(() => posts.length).toBe(1);
    expect(JSON.parse(posts[0]!)).toEqual({
      resourceId: 148734,
      resourceType: 'review',
      referrerCode: 'rfriend123',
    });
    await expect(page).toHaveURL(/\/reviews\/148734$/);
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(1);
  });
});

test.describe('search', () => {
  test('finds places from the landing page, keyboard first', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search Spotreel' });
    await box.fill('pizza');
    const results = page.getByRole('listbox');
    await expect(
      results.getByRole('group', { name: 'Places' }).getByRole('option').first(),
    ).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/location\/[a-z-]+\/[a-z0-9-]+-\d+$/);
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('combobox', { name: 'Search Spotreel' }).fill('qqzzxxjj');
    await expect(page.getByText(/No spots match/).first()).toBeVisible();
  });
});

test.describe('feed and collections', () => {
  test('the feed is one full-height player; keys move on desktop', async ({ page }) => {
    await page.goto('/feed');
    await hydrated(page);
    const slides = page.getByRole('article');
    await expect(slides.first()).toBeVisible();
    if (!isMobile(page)) {
      await page.getByRole('button', { name: 'Next video' }).click();
      await expect(slides.nth(1)).toBeInViewport({ ratio: 0.6 });
    }
  });

  test('a collection and a user collection open as feeds', async ({ page, request }) => {
    await page.goto('/collections/1');
    await expect(page.getByRole('article').first()).toBeVisible();
    for (let user = 2; user < 60; user++) {
      const answer = await request.get(`/api/user/collections/${user}`);
      const lists = (await answer.json()) as { data?: { id: number }[] };
      if (lists.data?.length) {
        await page.goto(`/users/${user}/collections/${lists.data[0]!.id}`);
        await expect(page.getByRole('article').first()).toBeVisible();
        return;
      }
    }
    throw new Error('no user collection in the seeded world');
  });

  test("a user collection opens by its owner's username too (spec §2.4 userIdentifier)", async ({
    page,
    request,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 404/); // the list that is not theirs, on purpose
    for (let user = 2; user < 60; user++) {
      const answer = await request.get(`/api/user/collections/${user}`);
      const lists = (await answer.json()) as {
        user?: { clm_username: string; vanity_url: string };
        data?: { id: number; name: string }[];
      };
      const list = lists.data?.[0];
      if (!list || !lists.user) continue;
      for (const identifier of [lists.user.clm_username, lists.user.vanity_url]) {
        const response = await page.goto(`/users/${identifier}/collections/${list.id}`);
        expect(response?.status(), identifier).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(list.name);
        await expect(page.getByRole('article').first()).toBeVisible();
      }
      // a list that is not this user's is not found
      const other = await page.goto(`/users/${lists.user.clm_username}/collections/987654`);
      expect(other?.status()).toBe(404);
      return;
    }
    throw new Error('no user collection in the seeded world');
  });
});

test.describe('creator profile', () => {
  test('shows the creator, their collections and videos by city', async ({ page, request }) => {
    const review = (await (await request.get('/api/v2/reviews/148734')).json()) as {
      author: { vanity_url: string; display_name: string };
    };
    await page.goto(`/users/${review.author.vanity_url}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(review.author.display_name);
    await expect(
      page
        .getByRole('list', { name: new RegExp(`^Videos by ${review.author.display_name} in `) })
        .first(),
    ).toBeVisible();
  });
});

test.describe('addresses with a wrong slug', () => {
  interface Place {
    clm_id: number;
    clm_slug: string;
    city_slug: string;
  }
  const placeAt = async (request: APIRequestContext, id: number) =>
    (await (await request.get(`/api/v2/locations/${id}`)).json()) as Place;

  test('a place address whose slug is wrong for a real id moves (301) to its own', async ({
    page,
    request,
  }) => {
    const place = await placeAt(request, 1040);
    const other = await placeAt(request, 1001);
    const canonical = `/location/${place.city_slug}/${place.clm_slug}`;
    const otherName = other.clm_slug.replace(/-\d+$/, '');
    for (const wrong of [
      `/location/${place.city_slug}/${otherName}-${place.clm_id}`,
      `/location/${other.city_slug === place.city_slug ? 'nowhere-zz' : other.city_slug}/${place.clm_slug}`,
      `/locations/${otherName}-${place.clm_id}`,
    ]) {
      const answer = await request.get(`${wrong}?utm_source=newsletter`, { maxRedirects: 0 });
      expect(answer.status(), wrong).toBe(301);
      expect(answer.headers()['location'], wrong).toBe(`${canonical}?utm_source=newsletter`);
    }
    // the spec's other forms of the same place stay where they are
    for (const right of [canonical, `/locations/${place.clm_slug}`, `/locations/${place.clm_id}`])
      expect((await request.get(right, { maxRedirects: 0 })).status(), right).toBe(200);
    await page.goto(`/location/${place.city_slug}/${otherName}-${place.clm_id}`);
    await expect(page).toHaveURL(new RegExp(`${canonical}$`));
  });

  test('a listing address whose slugs are wrong for its video moves (301) to the video', async ({
    request,
  }) => {
    const review = (await (await request.get('/api/v2/reviews/148734')).json()) as {
      clm_id: number;
      location: Place;
    };
    const [citySlug, stateSlug] = /^(.*)-([a-z]{2})$/.exec(review.location.city_slug)!.slice(1);
    const right = `/listing/${review.clm_id}/${stateSlug}/${citySlug}/${review.location.clm_slug}`;
    expect((await request.get(right, { maxRedirects: 0 })).status()).toBe(200);
    const wrong = `/listing/${review.clm_id}/zz/nowhere/${review.location.clm_slug}`;
    const answer = await request.get(wrong, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers()['location']).toBe(`/reviews/${review.clm_id}`);
  });
});

test.describe('not found', () => {
  for (const [path, what] of <[string, string][]>[
    ['/city/zz/nowhere', 'city'],
    ['/locations/gone-987654321', 'place'],
    ['/reviews/999', 'video'],
    ['/users/nobody-at-all-here', 'creator'],
    ['/collections/987654', 'collection'],
  ]) {
    test(`${path} answers 404 with a helpful page`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain(`find that ${what}`);
    });
  }
});
