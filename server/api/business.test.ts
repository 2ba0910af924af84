import { describe, expect, it } from 'vitest';
import { placeKey, rangeDays } from './business';

describe('business helpers', () => {
  it('reads one place however its name and street are typed', () => {
    expect(placeKey('Rosa’s Corner Bakery', '12 Elm St.', '60601-1234')).toBe(
      placeKey("rosa's corner  bakery", '12 elm st', '60601'),
    );
    expect(placeKey('Rosa Bakery', '12 Elm St', '60601')).not.toBe(
      placeKey('Rosa Bakery', '14 Elm St', '60601'),
    );
  });

  it('makes the UTC days of a range ending today', () => {
    const { start, end, days } = rangeDays(7, new Date('2026-11-21T15:30:00Z'));
    expect(days).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(start.toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});
