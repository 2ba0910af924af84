import { describe, expect, it } from 'vitest';
import { ageOn } from '../../contract/campaigns';
import { giveawayOpen } from './campaigns';

describe('giveaway rules', () => {
  it('is open from its first to its last moment only', () => {
    const period = { opens: '2026-11-01T00:00:00-05:00', closes: '2027-01-31T23:59:59-05:00' };
    expect(giveawayOpen(new Date('2026-11-01T04:59:59Z'), period)).toBe(false);
    expect(giveawayOpen(new Date('2026-11-01T05:00:00Z'), period)).toBe(true);
    expect(giveawayOpen(new Date('2027-02-01T04:59:59Z'), period)).toBe(true);
    expect(giveawayOpen(new Date('2027-02-01T05:00:00Z'), period)).toBe(false);
  });

  it('counts age in whole years, birthday included', () => {
    const day = new Date('2026-11-21T12:00:00Z');
    expect(ageOn('2008-11-21', day)).toBe(18);
    expect(ageOn('2008-11-22', day)).toBe(17);
    expect(ageOn('2008-12-01', day)).toBe(17);
    expect(ageOn('1990-01-01', day)).toBe(36);
  });
});
