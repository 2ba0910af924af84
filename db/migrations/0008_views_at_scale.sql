-- Views, shares and analytics events in monthly partitions, and the daily rollup the owner
-- dashboard reads (docs/decisions/037-views-at-scale.md). Written by hand: drizzle-kit cannot
-- say PARTITION BY. The tables, keys and indexes are the ones db/schema.ts declares (and the
-- 0008 snapshot holds); db/partitions.ts creates the months ahead and drops those past
-- retention at every start and on a timer. Plain SQL that PostgreSQL 15 and PGlite (18) accept.

-- 1. The old tables step aside, their keys and indexes dropped (their names are reused).
ALTER TABLE "review_reads" RENAME TO "review_reads_unpartitioned";--> statement-breakpoint
ALTER TABLE "review_reads_unpartitioned" DROP CONSTRAINT "review_reads_review_id_device_id_pk";--> statement-breakpoint
ALTER TABLE "review_reads_unpartitioned" DROP CONSTRAINT "review_reads_review_id_reviews_id_fk";--> statement-breakpoint
DROP INDEX "review_reads_review_first_read_idx";--> statement-breakpoint
ALTER TABLE "shares" RENAME TO "shares_unpartitioned";--> statement-breakpoint
ALTER TABLE "shares_unpartitioned" DROP CONSTRAINT "shares_pkey";--> statement-breakpoint
DROP INDEX "shares_resource_created_idx";--> statement-breakpoint
ALTER SEQUENCE "shares_id_seq" RENAME TO "shares_unpartitioned_id_seq";--> statement-breakpoint
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" DROP CONSTRAINT "analytics_events_pkey";--> statement-breakpoint
DROP INDEX "analytics_events_distinct_id_idx";--> statement-breakpoint
DROP INDEX "analytics_events_name_received_idx";--> statement-breakpoint
ALTER SEQUENCE "analytics_events_id_seq" RENAME TO "analytics_events_unpartitioned_id_seq";--> statement-breakpoint

-- 2. The partitioned tables.
CREATE TABLE "review_reads" (
	"review_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"read_on" date NOT NULL,
	"watched_duration_ms" integer,
	"read_count" integer DEFAULT 1 NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reads_review_id_device_id_read_on_pk" PRIMARY KEY("review_id","device_id","read_on")
) PARTITION BY RANGE ("read_on");--> statement-breakpoint
ALTER TABLE "review_reads" ADD CONSTRAINT "review_reads_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "shares" (
	"id" bigserial NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" integer NOT NULL,
	"referrer_code" text NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "shares_resource_created_idx" ON "shares" USING btree ("resource_type","resource_id","created_at");--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"label" text,
	"distinct_id" text NOT NULL,
	"path" text NOT NULL,
	"title" text,
	"referrer" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_id_received_at_pk" PRIMARY KEY("id","received_at")
) PARTITION BY RANGE ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_distinct_id_idx" ON "analytics_events" USING btree ("distinct_id","id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_received_idx" ON "analytics_events" USING btree ("name","received_at");--> statement-breakpoint
CREATE TABLE "location_daily_stats" (
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"watched_ms" bigint DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_daily_stats_location_id_day_pk" PRIMARY KEY("location_id","day")
) PARTITION BY RANGE ("day");--> statement-breakpoint

-- 3. A partition for every month the old rows cover, up to two months ahead (timestamps are
-- bounded at UTC midnight whatever the session's time zone). db/partitions.ts does the same
-- from then on, and drops the months past retention.
DO $$
DECLARE
  t record;
  m date;
  upto date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months')::date;
  bound text;
  next_bound text;
BEGIN
  FOR t IN
    SELECT * FROM (VALUES
      ('review_reads', (SELECT min(first_read_at AT TIME ZONE 'UTC')::date FROM review_reads_unpartitioned), false),
      ('shares', (SELECT min(created_at AT TIME ZONE 'UTC')::date FROM shares_unpartitioned), true),
      ('analytics_events', (SELECT min(received_at AT TIME ZONE 'UTC')::date FROM analytics_events_unpartitioned), true),
      ('location_daily_stats', least(
        (SELECT min(first_read_at AT TIME ZONE 'UTC')::date FROM review_reads_unpartitioned),
        (SELECT min(created_at AT TIME ZONE 'UTC')::date FROM shares_unpartitioned)), false)
    ) AS x(name, oldest, stamped)
  LOOP
    m := date_trunc('month', least(coalesce(t.oldest, now() AT TIME ZONE 'UTC'), now() AT TIME ZONE 'UTC'))::date;
    WHILE m <= upto LOOP
      bound := to_char(m, 'YYYY-MM-DD');
      next_bound := to_char((m + interval '1 month')::date, 'YYYY-MM-DD');
      IF t.stamped THEN
        bound := bound || ' 00:00:00+00';
        next_bound := next_bound || ' 00:00:00+00';
      END IF;
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        t.name || '_p' || to_char(m, 'YYYY_MM'), t.name, bound, next_bound);
      m := (m + interval '1 month')::date;
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint

-- 4. The rows move over: a read's day is the UTC day of its first read.
INSERT INTO "review_reads" ("review_id", "device_id", "read_on", "watched_duration_ms", "read_count", "first_read_at", "last_read_at")
SELECT "review_id", "device_id", ("first_read_at" AT TIME ZONE 'UTC')::date, "watched_duration_ms", "read_count", "first_read_at", "last_read_at"
  FROM "review_reads_unpartitioned";--> statement-breakpoint
INSERT INTO "shares" ("id", "resource_type", "resource_id", "referrer_code", "device_id", "created_at")
SELECT "id", "resource_type", "resource_id", "referrer_code", "device_id", "created_at" FROM "shares_unpartitioned";--> statement-breakpoint
SELECT setval('shares_id_seq', coalesce((SELECT max("id") FROM "shares"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "analytics_events" ("id", "name", "label", "distinct_id", "path", "title", "referrer", "properties", "occurred_at", "received_at")
SELECT "id", "name", "label", "distinct_id", "path", "title", "referrer", "properties", "occurred_at", "received_at" FROM "analytics_events_unpartitioned";--> statement-breakpoint
SELECT setval('analytics_events_id_seq', coalesce((SELECT max("id") FROM "analytics_events"), 0) + 1, false);--> statement-breakpoint

-- 5. The rollup, from the raw rows (as rebuildLocationDailyStats in db/derived.ts does).
INSERT INTO "location_daily_stats" ("location_id", "day", "views", "watched_ms", "shares")
SELECT "location_id", "day", sum("views")::int, sum("watched_ms")::bigint, sum("shares")::int FROM (
  SELECT r."location_id", rr."read_on" AS "day", count(*) AS "views",
         coalesce(sum(rr."watched_duration_ms"), 0) AS "watched_ms", 0 AS "shares"
    FROM "review_reads" rr JOIN "reviews" r ON r."id" = rr."review_id"
   GROUP BY 1, 2
  UNION ALL
  SELECT coalesce(r."location_id", s."resource_id"), (s."created_at" AT TIME ZONE 'UTC')::date, 0, 0, count(*)
    FROM "shares" s LEFT JOIN "reviews" r ON s."resource_type" = 'review' AND r."id" = s."resource_id"
   WHERE s."resource_type" = 'location' OR r."id" IS NOT NULL
   GROUP BY 1, 2
) x GROUP BY 1, 2;--> statement-breakpoint

-- 6. The old tables go.
DROP TABLE "review_reads_unpartitioned";--> statement-breakpoint
DROP TABLE "shares_unpartitioned";--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";
