-- Opening hours are local times: each city names its IANA time zone. Cities already stored get
-- the zone of their state (every seeded city's state lies in one zone); the default goes after.
ALTER TABLE "cities" ADD COLUMN "time_zone" text NOT NULL DEFAULT 'America/New_York';--> statement-breakpoint
UPDATE "cities" SET "time_zone" = CASE "state"
  WHEN 'CA' THEN 'America/Los_Angeles' WHEN 'WA' THEN 'America/Los_Angeles'
  WHEN 'NV' THEN 'America/Los_Angeles' WHEN 'OR' THEN 'America/Los_Angeles'
  WHEN 'CO' THEN 'America/Denver' WHEN 'UT' THEN 'America/Denver' WHEN 'NM' THEN 'America/Denver'
  WHEN 'AZ' THEN 'America/Phoenix'
  WHEN 'IL' THEN 'America/Chicago' WHEN 'TX' THEN 'America/Chicago' WHEN 'TN' THEN 'America/Chicago'
  WHEN 'LA' THEN 'America/Chicago' WHEN 'MN' THEN 'America/Chicago' WHEN 'MO' THEN 'America/Chicago'
  WHEN 'WI' THEN 'America/Chicago'
  WHEN 'HI' THEN 'Pacific/Honolulu' WHEN 'AK' THEN 'America/Anchorage'
  ELSE 'America/New_York' END;--> statement-breakpoint
ALTER TABLE "cities" ALTER COLUMN "time_zone" DROP DEFAULT;
