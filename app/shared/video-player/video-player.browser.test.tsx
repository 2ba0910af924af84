import { afterEach, describe, expect, test, vi } from 'vitest';
import { cdp, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { Review } from '../../../contract/reviews';
import { sampleReview } from './review-fixture';
import { setSoundOn } from './sound-preference';
import { VideoPlayer } from './video-player';
import styles from './video-player.module.css';

/**
 * A real clip: the seed clips in the repository, served by the test's Vite server from the
 * project root. Chromium decodes it, so playing, pausing and muting are the browser's own.
 * The cocktail bar's and the wine bar's clips have a sound track; the pizzeria's is silent.
 */
const CLIPS = '/db/seed/media/clips';
const clip = (id = 1, name = 'cocktail-bar', hasAudio = true): Review =>
  sampleReview(id, {
    video: {
      ...sampleReview(id).video,
      webm_url: `${CLIPS}/${name}.webm`,
      mp4_url: `${CLIPS}/${name}.mp4`,
      poster_url: `${CLIPS}/${name}.jpg`,
      has_audio: hasAudio,
    },
  });

const playButton = () => page.getByRole('button', { name: 'Play', exact: true });
const pauseButton = () => page.getByRole('button', { name: 'Pause', exact: true });
const videos = () => [...document.querySelectorAll('video')];
const video = () => videos()[0]!;
const poster = () => document.querySelector(`img.${styles.poster}`)!;
const playHint = () => document.querySelector(`.${styles.playHint}`);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The browser refusing play() as its autoplay policy does (sound without a gesture, or data
 * saver and low-power modes): only a call made while a visitor's click or key press is being
 * handled gets through. Chromium's real policy cannot be switched per test, so play() asks
 * `refuse` first.
 */
function autoplayPolicy(refuse: (video: HTMLMediaElement) => boolean) {
  const play = HTMLMediaElement.prototype.play;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    const gesture = window.event?.isTrusted && ['click', 'keydown'].includes(window.event.type);
    if (!gesture && refuse(this))
      return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    return play.call(this);
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  setSoundOn(false); // one sound setting for every player on the page: back to the start
  await cdp().send('Emulation.setEmulatedMedia', { features: [] });
});

describe('VideoPlayer', () => {
  test('in view it plays muted on its own; Pause and Play (or a tap on the video) follow it', async () => {
    await render(<VideoPlayer review={clip()} priority />);
    await expect.element(pauseButton()).toBeVisible();
    await expect.poll(() => video().currentTime).toBeGreaterThan(0);
    expect(video().muted).toBe(true);
    await expect.poll(() => getComputedStyle(poster()).opacity).toBe('0');

    await pauseButton().click();
    await expect.element(playButton()).toBeVisible();
    expect(video().paused).toBe(true);
    const at = video().currentTime;
    await wait(300);
    expect(video().currentTime).toBe(at);
    expect(playHint()).not.toBeNull();

    await page.elementLocator(video()).click();
    await expect.element(pauseButton()).toBeVisible();
    await expect.poll(() => video().currentTime).toBeGreaterThan(at);
    expect(playHint()).toBeNull();
  });

  test('Unmute turns sound on for every player on the page; Mute turns it off again', async () => {
    await render(
      <>
        <VideoPlayer review={clip(1, 'cocktail-bar')} />
        <VideoPlayer review={clip(2, 'wine-bar')} />
      </>,
    );
    await expect.element(pauseButton()).toBeVisible();
    expect(videos().map((v) => v.muted)).toEqual([true, true]);

    await page.getByRole('button', { name: 'Unmute' }).first().click();
    expect(videos().map((v) => v.muted)).toEqual([false, false]);
    expect(page.getByRole('button', { name: 'Mute', exact: true }).elements()).toHaveLength(2);
    expect(video().paused).toBe(false);

    await page.getByRole('button', { name: 'Mute', exact: true }).first().click();
    expect(videos().map((v) => v.muted)).toEqual([true, true]);
    expect(page.getByRole('button', { name: 'Unmute' }).elements()).toHaveLength(2);
  });

  test('a silent clip offers no Mute or Unmute; a clip with sound beside it does', async () => {
    await render(
      <>
        <VideoPlayer review={clip(1, 'pizzeria', false)} />
        <VideoPlayer review={clip(2, 'cocktail-bar')} />
      </>,
    );
    await expect.element(pauseButton().first()).toBeVisible();
    const controls = [...document.querySelectorAll(`.${styles.controls}`)];
    expect(controls.map((c) => c.querySelectorAll('button').length)).toEqual([1, 2]);
    expect(page.getByRole('button', { name: 'Unmute' }).elements()).toHaveLength(1);
    expect(controls[1]!.contains(page.getByRole('button', { name: 'Unmute' }).element())).toBe(
      true,
    );
  });

  test("the place's name over the picture, and the place's own hue on it", async () => {
    await render(
      <>
        <VideoPlayer review={clip(1, 'pizzeria', false)} />
        <VideoPlayer review={clip(2, 'pizzeria', false)} />
      </>,
    );
    const titles = [...document.querySelectorAll(`.${styles.title}`)];
    expect(titles.map((t) => t.textContent)).toEqual(['Lula Cafe', 'Lula Cafe']);
    // Same kind, same clip: two places still look apart (ADR 077).
    const filters = videos().map((v) => getComputedStyle(v).filter);
    expect(filters[0]).toMatch(/^hue-rotate\(/);
    expect(filters[0]).not.toBe(filters[1]);
    expect(getComputedStyle(poster()).filter).toBe(filters[0]);
  });

  test('sound refused without a tap: it plays on muted, and says so', async () => {
    setSoundOn(true); // the visitor unmuted an earlier video
    autoplayPolicy((media) => !media.muted);
    await render(<VideoPlayer review={clip()} />);

    await expect.element(pauseButton()).toBeVisible();
    await expect.poll(() => video().currentTime).toBeGreaterThan(0);
    expect(video().muted).toBe(true);
    await expect.element(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
  });

  test('autoplay refused even muted (data saver): the poster stays, Play shows, a tap plays', async () => {
    autoplayPolicy(() => true);
    await render(<VideoPlayer review={clip()} />);

    await expect.poll(() => playHint()).not.toBeNull();
    await expect.element(playButton()).toBeVisible();
    expect(video().paused).toBe(true);
    expect(getComputedStyle(poster()).opacity).toBe('1');

    await playButton().click();
    await expect.element(pauseButton()).toBeVisible();
    await expect.poll(() => video().currentTime).toBeGreaterThan(0);
    expect(playHint()).toBeNull();
    await expect.poll(() => getComputedStyle(poster()).opacity).toBe('0');
  });

  test('a clip that cannot load offers Play over its poster, not a Pause for nothing', async () => {
    const missing = sampleReview(9, {
      video: {
        ...clip().video,
        webm_url: `${CLIPS}/no-such-clip.webm`,
        mp4_url: `${CLIPS}/no-such-clip.mp4`,
      },
    });
    await render(<VideoPlayer review={missing} priority />);

    await expect.poll(() => video().networkState).toBe(HTMLMediaElement.NETWORK_NO_SOURCE);
    await expect.element(playButton()).toBeVisible();
    expect(playHint()).not.toBeNull();
    expect(getComputedStyle(poster()).opacity).toBe('1');

    // A tap tries the sources again (the network may be back), and says Play once they fail.
    const requests = () =>
      performance.getEntriesByName(`${location.origin}${CLIPS}/no-such-clip.webm`).length;
    const before = requests();
    await playButton().click();
    await expect.poll(requests).toBeGreaterThan(before);
    await expect.element(playButton()).toBeVisible();
    expect(playHint()).not.toBeNull();
  });

  test('with reduced motion asked for, it waits for a tap', async () => {
    await cdp().send('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-reduced-motion', value: 'reduce' }],
    });
    await render(<VideoPlayer review={clip()} priority />);

    await expect.poll(() => playHint()).not.toBeNull();
    await wait(500);
    expect(video().paused).toBe(true);
    await expect.element(playButton()).toBeVisible();

    await playButton().click();
    await expect.poll(() => video().currentTime).toBeGreaterThan(0);
  });
});
