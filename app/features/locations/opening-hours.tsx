import { Navigation } from 'lucide-react';
import { formatDayHours, type DayHours } from '../../../contract/opening-hours';
import { WEEK_DAYS } from '../../../contract/week-days';
import { OpenNowLine } from '../../shared/open-now-line';
import { useOpenNow } from '../../shared/use-open-now';
import styles from './location-page.module.css';

/** "Open now · Closes 10 PM" under the address. */
export function OpenNow({ hours, timeZone }: { hours: DayHours[]; timeZone: string }) {
  return (
    <OpenNowLine
      hours={hours}
      timeZone={timeZone}
      as="p"
      className={styles.openNow}
      testId="open-now"
    />
  );
}

/** The week's hours, as US visitors read them, today's row marked once it is known. */
export function OpeningHoursTable({ hours, timeZone }: { hours: DayHours[]; timeZone: string }) {
  const now = useOpenNow(hours, timeZone);
  const today = now ? WEEK_DAYS[now.today] : undefined;
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">Opening hours, local time</caption>
      <tbody>
        {hours.map((h) => (
          <tr key={h.day} data-today={h.day === today ? 'true' : undefined}>
            <th scope="row">
              <abbr title={h.day}>{h.day.slice(0, 3)}</abbr>
              {h.day === today ? <span className="visually-hidden"> (today)</span> : null}
            </th>
            <td>{formatDayHours(h)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Directions to the place in the two map apps people use (spec-free; issue 18). */
export function Directions({ lat, lon, name }: { lat: number; lon: number; name: string }) {
  const destination = `${lat},${lon}`;
  return (
    <p className={styles.directions}>
      <Navigation aria-hidden="true" />
      {/* Phones: the icon says it; screen readers still hear the word. */}
      <span className="visually-hidden-mobile">Directions:</span>
      <a
        href={`https://maps.apple.com/?daddr=${destination}&q=${encodeURIComponent(name)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Apple Maps<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <a
        href={`https://www.google.com/maps/dir/?api=1&destination=${destination}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
