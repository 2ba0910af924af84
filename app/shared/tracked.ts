import type { TrackedLabel } from '../../contract/analytics-events';

/** The attribute that marks a control whose clicks are tracked; `<Analytics />` reads it. */
export const TRACKED_ATTRIBUTE = 'data-track';

/**
 * Props that make a control's clicks tracked under its spec §7 label. Any part of the app may
 * mark a control; app/features/analytics listens for the clicks and sends the events
 * (docs/decisions/017-flags-and-analytics.md).
 */
export const tracked = (label: TrackedLabel) => ({ [TRACKED_ATTRIBUTE]: label }) as const;
