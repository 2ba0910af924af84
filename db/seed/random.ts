/** A small seeded generator (mulberry32): the same seed gives the same world on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /**
   * Up to `count` distinct items, in random order: the first `count` steps of a Fisher–Yates
   * shuffle of a copy. Only the positions a step moved are held (a map), not a copy of the whole
   * list, so picking a few of many costs the few (the world at scale 100 picks 2–60 followers
   * of 22,000 creators for each of 61,600 places); the draws and the result are the same.
   */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const moved = new Map<number, T>();
    const at = (k: number) => (moved.has(k) ? (moved.get(k) as T) : (items[k] as T));
    const picked: T[] = [];
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (items.length - i));
      // Swap positions i and j; position i is never read again, so only j keeps a value.
      const atI = at(i);
      picked.push(at(j));
      moved.set(j, atI);
    }
    return picked;
  }

  weighted<T extends { weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let roll = this.next() * total;
    for (const item of items) {
      roll -= item.weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  /** A skewed count: many small values, a few large ones (views, followers). */
  skewed(max: number, power = 3): number {
    return Math.floor(Math.pow(this.next(), power) * max);
  }
}
