CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text,
	"distinct_id" text NOT NULL,
	"path" text NOT NULL,
	"title" text,
	"referrer" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flag_overrides" (
	"distinct_id" text NOT NULL,
	"flag_key" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "feature_flag_overrides_distinct_id_flag_key_pk" PRIMARY KEY("distinct_id","flag_key")
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"rollout_percent" integer NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_rollout_percent_check" CHECK ("feature_flags"."rollout_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "feature_flag_overrides" ADD CONSTRAINT "feature_flag_overrides_flag_key_feature_flags_key_fk" FOREIGN KEY ("flag_key") REFERENCES "public"."feature_flags"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_distinct_id_idx" ON "analytics_events" USING btree ("distinct_id","id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_received_idx" ON "analytics_events" USING btree ("name","received_at");