/** The days of a week of opening hours, Monday first, as listings store them (`clm_hours`). */
export const WEEK_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
