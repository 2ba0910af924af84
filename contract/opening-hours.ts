/**
 * Opening hours as US visitors read them, and whether a place is open at a moment, in the place's
 * own time zone (docs/decisions/034-opening-hours.md). Plain rules, no zod: the web app runs them
 * in the browser. Hours are a week of local times, Monday first (`clm_hours`, contract/week-days);
 * a close at or before the open ("17:00"–"02:00") runs past midnight into the next day.
 */
import { WEEK_DAYS } from './week-days';

export interface DayHours {
  day: string;
  open: string | null;
  close: string | null;
}

/** What a place is at a moment. `closes` and `opens.time` are read as "10 PM", "11:30 AM". */
export type OpenStatus =
  | { open: true; allDay: true }
  | { open: true; allDay: false; closes: string; minutesLeft: number }
  | {
      open: false;
      /** The next opening within a week ('today', 'tomorrow' or a weekday name), or none. */
      opens: { time: string; day: string } | null;
    };

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** "17:00" → "5 PM", "11:30" → "11:30 AM", "00:00" → "12 AM", "12:00" → "12 PM". */
export function formatClock(time: string): string {
  const total = minutesOf(time) % (24 * 60);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0
    ? `${hour12} ${suffix}`
    : `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** Open the whole day: from midnight to the day's last minute (or midnight again). */
const isAllDay = (hours: DayHours) =>
  hours.open === '00:00' && (hours.close === '23:59' || hours.close === '24:00');

/** A day's hours in words: "11 AM – 10 PM", "Open 24 hours", "Closed". */
export function formatDayHours(hours: DayHours): string {
  if (!hours.open || !hours.close) return 'Closed';
  if (isAllDay(hours)) return 'Open 24 hours';
  return `${formatClock(hours.open)} – ${formatClock(hours.close)}`;
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday (Monday 0) and minutes since midnight of `now` on the clocks of `timeZone`. */
export function localTime(now: Date, timeZone: string): { day: number; minutes: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    day: SHORT_DAYS.indexOf(parts.weekday ?? ''),
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

/** Whether the place is open at `now`, in its time zone, and until when or from when. */
export function openStatus(hours: DayHours[], timeZone: string, now: Date): OpenStatus {
  return statusAt(hours, localTime(now, timeZone));
}

/**
 * The status at a local weekday and time (from `localTime`): a list of many places in one time
 * zone (search's open-now filter) reads the clock once.
 */
export function statusAt(
  hours: DayHours[],
  { day, minutes }: { day: number; minutes: number },
): OpenStatus {
  const week = WEEK_DAYS.map((day) => hours.find((h) => h.day === day) ?? null);
  const today = week[day] ?? null;
  const yesterday = week[(day + 6) % 7] ?? null;

  if (today && isAllDay(today)) return { open: true, allDay: true };
  // Last night's hours that run past midnight.
  if (yesterday?.open && yesterday.close && !isAllDay(yesterday)) {
    const close = minutesOf(yesterday.close);
    if (close <= minutesOf(yesterday.open) && minutes < close)
      return {
        open: true,
        allDay: false,
        closes: formatClock(yesterday.close),
        minutesLeft: close - minutes,
      };
  }
  if (today?.open && today.close) {
    const open = minutesOf(today.open);
    const close = minutesOf(today.close);
    const overnight = close <= open;
    if (minutes >= open && (overnight || minutes < close))
      return {
        open: true,
        allDay: false,
        closes: formatClock(today.close),
        minutesLeft: (overnight ? close + 24 * 60 : close) - minutes,
      };
    if (minutes < open)
      return { open: false, opens: { time: formatClock(today.open), day: 'today' } };
  }
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = week[(day + ahead) % 7];
    if (next?.open && next.close)
      return {
        open: false,
        opens: {
          time: formatClock(next.open),
          day: ahead === 1 ? 'tomorrow' : (WEEK_DAYS[(day + ahead) % 7] ?? ''),
        },
      };
  }
  return { open: false, opens: null };
}

/** The status in words: "Open now · Closes 10 PM", "Closed · Opens 11 AM tomorrow". */
export function describeOpenStatus(status: OpenStatus): { headline: string; detail: string } {
  if (status.open && status.allDay) return { headline: 'Open now', detail: 'Open 24 hours' };
  if (status.open)
    return {
      headline: status.minutesLeft <= 60 ? 'Closes soon' : 'Open now',
      detail: `Closes ${status.closes}`,
    };
  if (!status.opens) return { headline: 'Closed', detail: 'No opening hours this week' };
  const when =
    status.opens.day === 'today'
      ? status.opens.time
      : status.opens.day === 'tomorrow'
        ? `${status.opens.time} tomorrow`
        : `${status.opens.day} ${status.opens.time}`;
  return { headline: 'Closed', detail: `Opens ${when}` };
}
