import { Clock } from 'lucide-react';
import { describeOpenStatus, type DayHours } from '../../contract/opening-hours';
import { hasHours, useOpenNow } from './use-open-now';

/**
 * "Open now · Closes 10 PM" on the place's own clocks, once the browser knows the time
 * (docs/decisions/034-opening-hours.md): the place page's line under the address and each
 * search result's. Its line is kept (a blank) while it is worked out, so nothing moves.
 */
export function OpenNowLine({
  hours,
  timeZone,
  as: Tag,
  className,
  testId,
}: {
  hours: DayHours[];
  timeZone: string;
  as: 'p' | 'span';
  className: string | undefined;
  testId: string;
}) {
  const now = useOpenNow(hours, timeZone);
  // No hours known at all is not "closed": nothing is said about now.
  if (!hasHours(hours)) return null;
  const words = now ? describeOpenStatus(now.status) : null;
  return (
    <Tag
      className={className}
      data-testid={testId}
      data-open={now ? String(now.status.open) : undefined}
    >
      <Clock aria-hidden="true" />
      {words ? (
        <span>
          <strong>{words.headline}</strong> · {words.detail}
        </span>
      ) : (
        <span aria-hidden="true">&nbsp;</span>
      )}
    </Tag>
  );
}
