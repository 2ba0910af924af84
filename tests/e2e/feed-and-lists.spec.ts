import type { Page } from '@playwright/test';
import { expect, hydrated, isMobile, test } from './fixtures';

const cityTiles = (page: Page) =>
  page.getByRole('list', { name: /^Videos from Chicago/ }).getByRole('listitem');

test.describe('the city feed loads on as the visitor scrolls (issue 17 item 17)', () => {
  test('after a fast flick to the bottom and back to the list, videos keep coming until a screen and a half waits below', async ({
    page,
  }) => {
    test.skip(!isMobile(page), 'the phone page, whose footer is 1,300 px tall');
    await flickDownAndBack(page);
  });

  test('the scroll back alone brings more, when the intersection observer stays quiet', async ({
    page,
  }) => {
    test.skip(!isMobile(page), 'the phone page, whose footer is 1,300 px tall');
    // The observer speaks only when the trigger crosses the edge of its reach between two of its
    // looks; a scroll that lands where it last looked says nothing (a CI flake: six pages, then
    // none for 20 s). Here it never speaks, so the scrolls must do.
    await page.addInitScript(() => {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    await flickDownAndBack(page);
  });
});

/**
 * One fast flick to the very bottom of Chicago's phone page, then back to the feed's last videos:
 * the feed goes on loading until a screen and a half of videos waits below (or it ends).
 */
async function flickDownAndBack(page: Page) {
  await page.goto('/city/il/chicago');
  await hydrated(page);
  await expect(cityTiles(page)).toHaveCount(4);
  const lastTileBottom = () =>
    page.evaluate(() => {
      const tiles = document.querySelectorAll('ul[aria-label^="Videos from"] > li');
      return tiles[tiles.length - 1]!.getBoundingClientRect().bottom;
    });
  // One fast flick, all the way down: past the list, the button and the footer.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => cityTiles(page).count()).toBeGreaterThan(4);
  // Back up to the list's last videos: the list goes on loading, a page at a time, until more
  // than a screen and a half of videos waits below what the visitor sees (or it ends).
  await page.evaluate(() => {
    const tiles = document.querySelectorAll('ul[aria-label^="Videos from"] > li');
    tiles[tiles.length - 1]!.scrollIntoView({ block: 'end' });
  });
  const end = page.getByText('You’ve reached the end of Chicago');
  await expect
    .poll(
      async () =>
        (await end.isVisible()) ||
        (await lastTileBottom()) >= 2.5 * (await page.evaluate(() => window.innerHeight)),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Cards of a strip that show at all, and whether each shows whole, within its scroller. */
const cardsInView = (page: Page, strip: string) =>
  page
    .getByRole('region', { name: strip, exact: true })
    .getByRole('list')
    .evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.children]
        .map((item) => item.getBoundingClientRect())
        .filter((card) => card.right > box.left + 1 && card.left < box.right - 1)
        .map((card) => card.left >= box.left - 1 && card.right <= box.right + 1);
    });

test.describe('desktop city rows (issue 17 item 18)', () => {
  test('show whole cards and step with labelled arrow buttons, by keyboard too', async ({
    page,
  }) => {
    test.skip(isMobile(page), 'phones swipe the rows, a card peeking at the edge');
    await page.goto('/city/il/chicago');
    await hydrated(page);
    const strip = page.getByRole('region', { name: 'Food & Drink', exact: true });
    await strip.scrollIntoViewIfNeeded();
    const shown = await cardsInView(page, 'Food & Drink');
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(shown.every(Boolean)).toBe(true);
    // A portrait poster, not a strip 640 px tall.
    const poster = await strip.getByRole('listitem').first().locator('img').boundingBox();
    expect(poster!.height).toBeLessThanOrEqual(poster!.width * 1.3);

    const previous = strip.getByRole('button', { name: 'Previous Food & Drink' });
    const next = strip.getByRole('button', { name: 'Next Food & Drink' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    const list = strip.getByRole('list');
    const firstShown = () =>
      list.evaluate((l) => {
        const left = l.getBoundingClientRect().left;
        return [...l.children].findIndex((c) => c.getBoundingClientRect().left >= left - 1);
      });
    const cards = await list.getByRole('listitem').count();
    await next.focus();
    await page.keyboard.press('Enter');
    // A page on: the first card now shown is the one after the last shown before, or, where
    // fewer than a page are left, the row ends at its last card.
    await expect.poll(firstShown).toBe(Math.min(shown.length, cards - shown.length));
    await expect
      .poll(async () => (await cardsInView(page, 'Food & Drink')).every(Boolean))
      .toBe(true);
    await expect(next).toBeFocused();
    await expect(previous).not.toHaveAttribute('aria-disabled', 'true');
    await previous.focus();
    await page.keyboard.press(' ');
    await expect.poll(firstShown).toBe(0);
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('the feed gives each video its address (issue 17 item 16, ADR 033)', () => {
  test('the address follows the video in view, Back returns to it, and a wheel step moves one video', async ({
    page,
  }) => {
    await page.goto('/feed');
    await hydrated(page);
    const slides = page.getByRole('article');
    await expect(slides.first()).toBeInViewport({ ratio: 0.6 });
    const step = async () => {
      if (isMobile(page)) {
        await page.keyboard.press('ArrowDown');
      } else {
        // One ordinary mouse-wheel notch over the video.
        const box = (await page.locator('[data-player-scroll-root]').boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, 100);
      }
    };
    for (const index of [1, 2]) {
      await step();
      const slide = slides.nth(index);
      await expect(slide).toBeInViewport({ ratio: 0.9 });
      const id = await slide.getAttribute('data-review');
      await expect(page).toHaveURL(videoAddress(id));
    }
    const id = await slides.nth(2).getAttribute('data-review');
    // Off to the place of the video in view, then Back: the same video, not the first, where it
    // was when the visitor left (the click may scroll the page to its link first: as left).
    const link = slides.nth(2).getByRole('heading', { level: 2 }).getByRole('link');
    await link.scrollIntoViewIfNeeded();
    const top = () =>
      page.locator(`article[data-review="${id}"]`).evaluate((el) => el.getBoundingClientRect().top);
    const left = await top();
    await link.click();
    await expect(page).toHaveURL(/\/location\//);
    await page.goBack();
    await expect(page).toHaveURL(videoAddress(id));
    await expect(page.locator(`article[data-review="${id}"]`)).toBeInViewport({ ratio: 0.6 });
    await expect.poll(async () => Math.abs((await top()) - left)).toBeLessThanOrEqual(2);
  });

  // The address follows a scroll a frame or more later (the observer, then an effect). A link
  // followed in between, as the feed lands back on a video it had just left, left the entry
  // naming the other video, and Back returned to that one (a CI flake: a click retried by the
  // test tool scrolled the feed one video on and back). Here the observers are held while the
  // feed lands and the link is followed, as a busy machine would hold them.
  test('a link followed the moment the feed lands on a video leaves Back at that video', async ({
    page,
  }) => {
    await holdableObservers(page);
    const { slides, ids } = await openFeed(page);
    const [, second, third] = ids;
    await scrollFeedTo(page, 2);
    await expect(page).toHaveURL(videoAddress(third));
    await page.evaluate(() => window.__observers.hold());
    await scrollFeedTo(page, 1);
    await slides.nth(1).getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/location\//);
    await page.evaluate(() => window.__observers.release());
    await page.goBack();
    await expect(page).toHaveURL(videoAddress(second));
    await expect(page.locator(`article[data-review="${second}"]`)).toBeInViewport({ ratio: 0.9 });
  });

  // A link's navigation adds the next page's history entry before the feed is gone: a scroll told
  // of in between must not write the feed's address over that entry. The entry is added here by
  // hand, as React Router adds it, with a key of its own.
  test('a scroll told of after the next page’s entry is added leaves that entry alone', async ({
    page,
  }) => {
    const { slides, ids } = await openFeed(page);
    const second = ids[1];
    await scrollFeedTo(page, 1);
    await expect(page).toHaveURL(videoAddress(second));
    await page.evaluate(() =>
      window.history.pushState({ usr: null, key: 'next-page', idx: 99 }, '', '/next-page'),
    );
    await scrollFeedTo(page, 2);
    // The feed took the scroll: the video in view plays, set going by the same render whose
    // effect would write the address.
    await expect
      .poll(() =>
        slides
          .nth(2)
          .locator('video')
          .evaluate((video: HTMLVideoElement) => video.paused),
      )
      .toBe(false);
    await expect(page).toHaveURL(/\/next-page$/);
  });

  // A reload is where the browser restores the page's own scroll position too (history
  // scrollRestoration 'auto', which React Router's ScrollRestoration hands back on pagehide): it
  // must not do so by an anchor inside the feed's scroller, which only the feed scrolls.
  test('a reload of a video’s address opens the feed at that video', async ({ page }) => {
    await page.goto('/feed');
    await hydrated(page);
    const third = page.getByRole('article').nth(2);
    const id = await third.getAttribute('data-review');
    await page.goto(`/feed?video=${id}`);
    await hydrated(page);
    const named = page.locator(`article[data-review="${id}"]`);
    await expect(named).toBeInViewport({ ratio: 0.9 });
    await page.reload();
    await hydrated(page);
    await expect(named).toBeInViewport({ ratio: 0.9 });
  });
});

declare global {
  interface Window {
    /** holdableObservers(): hold every IntersectionObserver's reports, then deliver them. */
    __observers: { hold(): void; release(): void };
  }
}

/**
 * Every IntersectionObserver of the page reports only when let: `window.__observers.hold()` keeps
 * its reports until `release()`, as a busy machine delays them by frames.
 */
async function holdableObservers(page: Page) {
  await page.addInitScript(() => {
    const Native = window.IntersectionObserver;
    const held: (() => void)[] = [];
    let holding = false;
    window.__observers = {
      hold: () => {
        holding = true;
      },
      release: () => {
        holding = false;
        for (const report of held.splice(0)) report();
      },
    };
    window.IntersectionObserver = class extends Native {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super((entries, observer) => {
          if (holding) held.push(() => callback(entries, observer));
          else callback(entries, observer);
        }, options);
      }
    };
  });
}

/** /feed opened and hydrated with three videos at least: its slides, and the first three's ids. */
async function openFeed(page: Page) {
  await page.goto('/feed');
  await hydrated(page);
  const slides = page.getByRole('article');
  await expect(slides.nth(2)).toBeAttached();
  const ids = await Promise.all([0, 1, 2].map((i) => slides.nth(i).getAttribute('data-review')));
  return { slides, ids };
}

/** A video's own address in the feed, as the address bar shows it. */
const videoAddress = (id: string | null | undefined) => new RegExp(`/feed\\?video=${id}$`);

/** Scrolls the feed at once (no smooth scroll) so that its slide `index` fills it. */
async function scrollFeedTo(page: Page, index: number) {
  await page.evaluate((index) => {
    const scroller = document.querySelector<HTMLElement>('[data-player-scroll-root]')!;
    const slide = scroller.querySelector<HTMLElement>(`[data-slide="${index}"]`)!;
    const top = slide.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollTo({ top: scroller.scrollTop + top, behavior: 'instant' });
  }, index);
}
