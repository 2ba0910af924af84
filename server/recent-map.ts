/**
 * A Map that keeps at most `limit` entries: setting a key makes it the most recent, and past the
 * limit the least recently set one goes. Every map the process fills from requests is one of
 * these or has a bound of its own (docs/decisions/027-rate-limits.md).
 */
export class RecentMap<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
    if (!(limit > 0)) throw new Error('RecentMap needs a limit above 0');
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) super.delete(this.keys().next().value as K);
    return this;
  }
}
