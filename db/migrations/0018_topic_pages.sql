CREATE TABLE "topic_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"neighborhood" text NOT NULL,
	"neighborhood_slug" text NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"classification_id" integer,
	"location_count" integer NOT NULL,
	"location_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topic_pages" ADD CONSTRAINT "topic_pages_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "topic_pages_place_slug_idx" ON "topic_pages" USING btree ("city_id","neighborhood_slug","slug");--> statement-breakpoint
CREATE INDEX "topic_pages_city_slug_idx" ON "topic_pages" USING btree ("city_id","slug");--> statement-breakpoint
CREATE INDEX "topic_pages_slug_neighborhood_idx" ON "topic_pages" USING btree ("slug","neighborhood_slug");