import { z } from 'zod';
import { ANALYTICS_EVENTS, TRACKED_LABELS } from './analytics-events';
import { limitQuery } from './common';

/**
 * The first-party event sink (docs/decisions/017-flags-and-analytics.md): the pages send their
 * page views and labelled clicks to POST /api/events, and anyone can read back their own.
 */

export { DISTINCT_ID_COOKIE } from './cookies';
export const DISTINCT_ID_PATTERN = /^[A-Za-z0-9_-]{8,80}$/;

export const MAX_EVENTS_PER_BATCH = 50;
const MAX_PROPERTIES = 20;

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be a text` })
    .max(max, `${what} must be at most ${max} characters`);

const PropertyValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()], {
  error: 'each property must be a text of at most 200 characters, a number, true, false or null',
});

const EVENT_FIELDS = ['name', 'label', 'path', 'title', 'referrer', 'occurredAt', 'properties'];
const quoted = (keys: string[]) => keys.map((key) => `"${key}"`).join(', ');

export const AnalyticsEventInput = z
  .strictObject(
    {
      name: z.enum(ANALYTICS_EVENTS, { error: `must be one of ${ANALYTICS_EVENTS.join(', ')}` }),
      /** The clicked control's label (spec §7 labels), for click events. */
      label: z
        .enum(Object.keys(TRACKED_LABELS) as [keyof typeof TRACKED_LABELS], {
          error: `label must be one of ${Object.keys(TRACKED_LABELS).join(', ')}`,
        })
        .optional(),
      path: text('path', 500).startsWith('/', "path must be the page's path, starting with /"),
      title: text('title', 200).optional(),
      referrer: text('referrer', 500).optional(),
      occurredAt: z.iso.datetime({
        offset: true,
        error: 'occurredAt must be a date and time like 2026-11-21T14:05:00.000Z',
      }),
      properties: z
        .record(z.string().min(1).max(40), PropertyValue, {
          error: (issue) =>
            issue.code === 'invalid_key'
              ? 'property names must be 1 to 40 characters long'
              : 'properties must be an object of names and values',
        })
        .refine(
          (properties) => Object.keys(properties).length <= MAX_PROPERTIES,
          `properties may hold at most ${MAX_PROPERTIES} entries`,
        )
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown field ${quoted(issue.keys)}: an event has ${EVENT_FIELDS.join(', ')}`
          : 'each event must be an object with name, path and occurredAt',
    },
  )
  .meta({ id: 'AnalyticsEventInput' });
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;

/** POST /api/events: a batch, sent with navigator.sendBeacon (or fetch) by the pages. */
export const EventBatch = z
  .strictObject(
    {
      events: z
        .array(AnalyticsEventInput, { error: 'events must be a list of events' })
        .min(1, 'send at least one event')
        .max(MAX_EVENTS_PER_BATCH, `send at most ${MAX_EVENTS_PER_BATCH} events at a time`),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown field ${quoted(issue.keys)}: the body holds only "events"`
          : 'the body must be an object like { "events": [ … ] }',
    },
  )
  .meta({ id: 'AnalyticsEventBatch' });
export type EventBatch = z.infer<typeof EventBatch>;

export const EventsStored = z
  .object({ status: z.literal('ok'), stored: z.number().int() })
  .meta({ id: 'AnalyticsEventsStored' });

export const MyEventsQuery = z.object({
  limit: limitQuery(50, 200),
  name: z
    .enum(ANALYTICS_EVENTS, { error: `must be one of ${ANALYTICS_EVENTS.join(', ')}` })
    .optional(),
});

export const StoredEvent = z
  .object({
    id: z.number().int(),
    name: z.string(),
    label: z.string().nullable(),
    path: z.string(),
    title: z.string().nullable(),
    referrer: z.string().nullable(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    occurred_at: z.string().describe('When the page says it happened (clamped to the last day)'),
    received_at: z.string(),
  })
  .meta({ id: 'StoredAnalyticsEvent' });

/** GET /api/events/mine: the caller's own events, newest first. */
export const MyEvents = z
  .object({ distinct_id: z.string(), events: z.array(StoredEvent) })
  .meta({ id: 'MyAnalyticsEvents' });
