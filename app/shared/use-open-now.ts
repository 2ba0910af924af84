import { useEffect, useState } from 'react';
import {
  localTime,
  openStatus,
  type DayHours,
  type OpenStatus,
} from '../../contract/opening-hours';

/**
 * Whether a place is open now, and which day of its week is today, on the place's own clocks.
 * Worked out in the browser after hydration and again every minute: the server's page is the
 * same for every visitor and may be kept a while (server/page-cache.ts), so it never says "now"
 * (docs/decisions/034-opening-hours.md). The place page and the results page use it.
 */
export function useOpenNow(hours: DayHours[], timeZone: string) {
  const [now, setNow] = useState<{ status: OpenStatus; today: number } | null>(null);
  useEffect(() => {
    const update = () => {
      const moment = new Date();
      try {
        setNow({
          status: openStatus(hours, timeZone, moment),
          today: localTime(moment, timeZone).day,
        });
      } catch {
        // A zone this browser does not know: the hours stay, without "now".
        setNow(null);
      }
    };
    update();
    const timer = window.setInterval(update, 60_000);
    return () => window.clearInterval(timer);
  }, [hours, timeZone]);
  return now;
}

/** Whether the week holds any opening hours at all (none known is not "closed"). */
export const hasHours = (hours: DayHours[]) => hours.some((h) => h.open && h.close);
