import { describe, expect, it } from 'vitest';
import { SUPER_CATEGORIES } from '../../contract/classifications';
import { placeHue } from '../../contract/place-look';
import { idFromLocationIdentifier } from '../../contract/slug';
import {
  CLIPS,
  FEATURED_REVIEW_IDS,
  TRENDING_RESTAURANT_COUNT,
  generateWorld,
  inSentence,
} from './world';
import { PLACE_KINDS } from './world-data';

const world = generateWorld();

describe('the seeded world', () => {
  it('is the same on every run (fixed seed)', () => {
    const again = generateWorld();
    expect(JSON.stringify(again)).toBe(JSON.stringify(world));
    const other = generateWorld({ seed: 7 });
    expect(other.locations.map((l) => l.name)).not.toEqual(world.locations.map((l) => l.name));
  });

  it('has at least 12 real cities with coordinates in the USA', () => {
    expect(world.cities.length).toBeGreaterThanOrEqual(12);
    for (const city of world.cities) {
      expect(city.lat).toBeGreaterThan(24);
      expect(city.lat).toBeLessThan(50);
      expect(city.lon).toBeGreaterThan(-125);
      expect(city.lon).toBeLessThan(-66);
      expect(city.state).toMatch(/^[A-Z]{2}$/);
      expect(city.slug).toBe(`${city.citySlug}-${city.stateSlug}`);
    }
    expect(new Set(world.cities.map((c) => c.slug)).size).toBe(world.cities.length);
  });

  it('gives every city 40+ places over all five super categories and non-hospitality businesses', () => {
    for (const city of world.cities) {
      const places = world.locations.filter((l) => l.cityId === city.id);
      expect(places.length).toBeGreaterThanOrEqual(40);
      for (const superCategory of SUPER_CATEGORIES) {
        expect(
          places.some((l) => l.superCategories.includes(superCategory)),
          `${city.name} ${superCategory}`,
        ).toBe(true);
      }
      expect(places.some((l) => l.superCategories.length === 0)).toBe(true);
      expect(new Set(places.map((l) => l.name)).size).toBe(places.length);
    }
  });

  it('gives places believable details and identifiers ending in their id', () => {
    for (const place of world.locations) {
      expect(idFromLocationIdentifier(place.slug)).toBe(place.id);
      expect(place.slug).toMatch(/^[a-z0-9-]+$/);
      expect(place.zip).toMatch(/^\d{5}$/);
      expect(place.address).toMatch(/^\d+ \S/);
      expect(place.name).not.toMatch(/[{}]/);
      expect(place.prompt).not.toMatch(/[{}]/);
      expect(place.classificationIds.length).toBeGreaterThan(0);
      if (place.website) expect(place.website).toMatch(/^https:\/\/www\.[a-z0-9]+\.com$/);
    }
    const withCuisines = world.locations.filter((l) =>
      l.classificationIds.some(
        (id) => world.classifications.find((c) => c.id === id)?.kind === 'cuisine',
      ),
    );
    expect(withCuisines.length).toBeGreaterThan(100);
  });

  it('has 200+ creators with unique usernames and vanity urls', () => {
    const creators = world.users.filter((u) => !u.isInternal);
    expect(creators.length).toBeGreaterThanOrEqual(200);
    expect(new Set(world.users.map((u) => u.username)).size).toBe(world.users.length);
    for (const user of world.users) {
      expect(user.username).toMatch(/^[a-z0-9._]+$/);
      expect(user.avatarUrl).toMatch(/^avatars\/.+\.svg$/);
    }
  });

  it('gives every place at least 8 videos, each with a clip, duration and caption', () => {
    const counts = new Map<number, number>();
    for (const review of world.reviews) {
      counts.set(review.locationId, (counts.get(review.locationId) ?? 0) + 1);
      expect(review.durationMs).toBeGreaterThan(1000);
      expect(review.caption).not.toMatch(/[{}]/);
    }
    for (const place of world.locations) expect(counts.get(place.id)).toBeGreaterThanOrEqual(8);
    expect(new Set(world.reviews.map((r) => r.id)).size).toBe(world.reviews.length);
  });

  it('shows each place in clips of its own kind, with sound exactly where the clip has it', () => {
    const kindOf = new Map(world.locations.map((l) => [l.id, l.kind]));
    const clips = new Map(CLIPS.map((c) => [c.name, c]));
    for (const review of world.reviews) {
      const clip = clips.get(review.clip);
      expect(clip?.kind).toBe(kindOf.get(review.locationId));
      expect(review.hasAudio).toBe(clip?.hasAudio);
    }
    expect(new Set(CLIPS.map((c) => c.kind))).toEqual(new Set(PLACE_KINDS.map((k) => k.key)));
    expect(new Set(world.reviews.map((r) => r.hasAudio))).toEqual(new Set([true, false]));
  });

  it('gives two places of the same kind in a city their own names and looks (ADR 077)', () => {
    const groups = new Map<string, typeof world.locations>();
    for (const place of world.locations) {
      const key = `${place.cityId} ${place.kind}`;
      groups.set(key, [...(groups.get(key) ?? []), place]);
    }
    const shared = [...groups.values()].filter((places) => places.length > 1);
    expect(shared.length).toBeGreaterThan(50);
    for (const places of shared) {
      // the same kind's clip, so the name and the hue are what set them apart
      expect(new Set(places.map((l) => l.posterClip)).size).toBe(1);
      expect(new Set(places.map((l) => l.name)).size).toBe(places.length);
      expect(new Set(places.map((l) => placeHue(l.id))).size).toBe(places.length);
    }
  });

  it('holds the default featured review ids of spec §9', () => {
    const ids = world.reviews.map((r) => r.id);
    expect(ids).toContain(FEATURED_REVIEW_IDS.production);
    expect(ids).toContain(FEATURED_REVIEW_IDS.other);
  });

  it('marks 15 distinct trending restaurants', () => {
    const trending = world.locations.filter((l) => l.trendingRank !== null);
    expect(trending).toHaveLength(TRENDING_RESTAURANT_COUNT);
    expect(trending.map((l) => l.trendingRank).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    expect(trending.every((l) => l.superCategories[0] === 'dining')).toBe(true);
  });

  it('has pinned cuisines, practical categories, tips, follows and collections', () => {
    expect(world.classifications.some((c) => c.kind === 'cuisine' && c.pinned)).toBe(true);
    expect(world.classifications.some((c) => c.kind === 'practical')).toBe(true);
    expect(world.tips.length).toBeGreaterThan(world.locations.length);
    expect(world.follows.length).toBeGreaterThan(world.locations.length);
    const follows = new Set(world.follows.map((f) => `${f.locationId}:${f.userId}`));
    expect(follows.size).toBe(world.follows.length);
    const reviewIds = new Set(world.reviews.map((r) => r.id));
    for (const list of [...world.collections, ...world.userCollections]) {
      expect(list.reviewIds.length).toBeGreaterThanOrEqual(5);
      expect(list.reviewIds.every((id) => reviewIds.has(id))).toBe(true);
    }
  });

  it('grows with SEED_SCALE', () => {
    const bigger = generateWorld({ scale: 3 });
    expect(bigger.locations.length).toBeGreaterThan(world.locations.length * 2.5);
    expect(bigger.reviews.length).toBeGreaterThan(world.reviews.length * 2.5);
    expect(new Set(bigger.reviews.map((r) => r.id)).size).toBe(bigger.reviews.length);
  });
});

describe('a kind inside a sentence', () => {
  it('keeps the capitals of a proper word and lowers the rest', () => {
    expect(inSentence('Italian Restaurant')).toBe('Italian restaurant');
    expect(inSentence('BBQ Joint')).toBe('BBQ joint');
    expect(inSentence('Sushi Bar')).toBe('sushi bar');
    const italian = world.locations.find((l) => l.label === 'Italian Restaurant' && l.prompt);
    if (italian) expect(italian.description).not.toMatch(/\bitalian restaurant\b/);
  });
});
