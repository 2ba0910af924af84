import { describe, expect, it } from 'vitest';
import {
  describeOpenStatus,
  formatClock,
  formatDayHours,
  localTime,
  openStatus,
  type DayHours,
} from './opening-hours';
import { WEEK_DAYS } from './week-days';

const week = (pick: (day: string, index: number) => [string, string] | null): DayHours[] =>
  WEEK_DAYS.map((day, i) => {
    const hours = pick(day, i);
    return { day, open: hours?.[0] ?? null, close: hours?.[1] ?? null };
  });

const DINER = week((_, i) => (i === 0 ? null : ['11:00', i >= 4 && i <= 5 ? '23:00' : '22:00']));
const BAR = week((_, i) => (i === 1 ? null : ['17:00', '02:00']));
const HOTEL = week(() => ['00:00', '23:59']);

// 2026-11-24 is a Tuesday. Chicago is UTC−6 in November, UTC−5 in July.
const chicago = (local: string) => new Date(`${local}-06:00`);

describe('formatClock and formatDayHours', () => {
  it('reads times as US visitors do', () => {
    expect(formatClock('17:00')).toBe('5 PM');
    expect(formatClock('11:30')).toBe('11:30 AM');
    expect(formatClock('00:00')).toBe('12 AM');
    expect(formatClock('12:00')).toBe('12 PM');
    expect(formatClock('23:59')).toBe('11:59 PM');
    expect(formatClock('02:05')).toBe('2:05 AM');
  });
  it('says a day in words', () => {
    expect(formatDayHours({ day: 'Monday', open: '11:00', close: '22:00' })).toBe('11 AM – 10 PM');
    expect(formatDayHours({ day: 'Monday', open: '17:00', close: '02:00' })).toBe('5 PM – 2 AM');
    expect(formatDayHours({ day: 'Monday', open: '00:00', close: '23:59' })).toBe('Open 24 hours');
    expect(formatDayHours({ day: 'Monday', open: null, close: null })).toBe('Closed');
  });
});

describe('localTime', () => {
  it('gives the weekday and minutes on the clocks of the zone, across daylight saving', () => {
    // 02:30 UTC on Wednesday is 20:30 on Tuesday in Chicago (UTC−6), 18:30 in Los Angeles.
    const moment = new Date('2026-11-25T02:30:00Z');
    expect(localTime(moment, 'America/Chicago')).toEqual({ day: 1, minutes: 20 * 60 + 30 });
    expect(localTime(moment, 'America/Los_Angeles')).toEqual({ day: 1, minutes: 18 * 60 + 30 });
    expect(localTime(moment, 'America/New_York')).toEqual({ day: 1, minutes: 21 * 60 + 30 });
    // In July Chicago is UTC−5.
    expect(localTime(new Date('2026-07-01T17:00:00Z'), 'America/Chicago')).toEqual({
      day: 2,
      minutes: 12 * 60,
    });
    // Midnight is hour 0, not 24.
    expect(localTime(new Date('2026-11-24T06:00:00Z'), 'America/Chicago')).toEqual({
      day: 1,
      minutes: 0,
    });
  });
});

describe('openStatus', () => {
  it('is open between the hours and says when it closes', () => {
    expect(openStatus(DINER, 'America/Chicago', chicago('2026-11-24T12:00'))).toEqual({
      open: true,
      allDay: false,
      closes: '10 PM',
      minutesLeft: 600,
    });
  });

  it('is closed before opening (opens today), after closing (tomorrow) and on a closed day', () => {
    expect(openStatus(DINER, 'America/Chicago', chicago('2026-11-24T09:15'))).toEqual({
      open: false,
      opens: { time: '11 AM', day: 'today' },
    });
    expect(openStatus(DINER, 'America/Chicago', chicago('2026-11-24T22:00'))).toEqual({
      open: false,
      opens: { time: '11 AM', day: 'tomorrow' },
    });
    // Sunday night: Monday is closed, so the next opening is Tuesday.
    expect(openStatus(DINER, 'America/Chicago', chicago('2026-11-29T23:00'))).toEqual({
      open: false,
      opens: { time: '11 AM', day: 'Tuesday' },
    });
  });

  it('keeps hours that run past midnight open into the next morning', () => {
    // Monday 17:00 – Tuesday 02:00: at 01:30 on Tuesday it is still open, though Tuesday is closed.
    expect(openStatus(BAR, 'America/Chicago', chicago('2026-11-24T01:30'))).toEqual({
      open: true,
      allDay: false,
      closes: '2 AM',
      minutesLeft: 30,
    });
    expect(openStatus(BAR, 'America/Chicago', chicago('2026-11-24T02:00'))).toEqual({
      open: false,
      opens: { time: '5 PM', day: 'tomorrow' },
    });
    // Wednesday 23:00 is open until 2 AM, three hours on.
    expect(openStatus(BAR, 'America/Chicago', chicago('2026-11-25T23:00'))).toMatchObject({
      open: true,
      closes: '2 AM',
      minutesLeft: 180,
    });
  });

  it('a day open around the clock wins over last night’s hours that ran past midnight', () => {
    const hours = week((_, i) =>
      i === 0 ? ['17:00', '02:00'] : i === 1 ? ['00:00', '23:59'] : null,
    );
    expect(openStatus(hours, 'America/Chicago', chicago('2026-11-24T01:00'))).toEqual({
      open: true,
      allDay: true,
    });
  });

  it('uses the place’s own zone, not the visitor’s', () => {
    // 17:30 UTC is 11:30 in Chicago (open) but 9:30 in Los Angeles (not yet).
    const moment = new Date('2026-11-24T17:30:00Z');
    expect(openStatus(DINER, 'America/Chicago', moment).open).toBe(true);
    expect(openStatus(DINER, 'America/Los_Angeles', moment)).toEqual({
      open: false,
      opens: { time: '11 AM', day: 'today' },
    });
  });

  it('knows a place open around the clock and one with no hours at all', () => {
    expect(openStatus(HOTEL, 'America/Chicago', chicago('2026-11-24T23:59'))).toEqual({
      open: true,
      allDay: true,
    });
    expect(
      openStatus(
        week(() => null),
        'America/Chicago',
        chicago('2026-11-24T12:00'),
      ),
    ).toEqual({
      open: false,
      opens: null,
    });
  });
});

describe('describeOpenStatus', () => {
  it('puts the status in words', () => {
    const at = (local: string, hours = DINER) =>
      describeOpenStatus(openStatus(hours, 'America/Chicago', chicago(local)));
    expect(at('2026-11-24T12:00')).toEqual({ headline: 'Open now', detail: 'Closes 10 PM' });
    expect(at('2026-11-24T21:30')).toEqual({ headline: 'Closes soon', detail: 'Closes 10 PM' });
    expect(at('2026-11-24T09:00')).toEqual({ headline: 'Closed', detail: 'Opens 11 AM' });
    expect(at('2026-11-24T22:30')).toEqual({ headline: 'Closed', detail: 'Opens 11 AM tomorrow' });
    expect(at('2026-11-29T23:00')).toEqual({ headline: 'Closed', detail: 'Opens Tuesday 11 AM' });
    expect(at('2026-11-24T03:00', HOTEL)).toEqual({
      headline: 'Open now',
      detail: 'Open 24 hours',
    });
  });
});
