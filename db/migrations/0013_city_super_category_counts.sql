CREATE TABLE "city_super_categories" (
	"city_id" integer NOT NULL,
	"super_category" text NOT NULL,
	"location_count" integer NOT NULL,
	CONSTRAINT "city_super_categories_city_id_super_category_pk" PRIMARY KEY("city_id","super_category")
);
--> statement-breakpoint
ALTER TABLE "city_super_categories" ADD CONSTRAINT "city_super_categories_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "city_super_categories" ("city_id", "super_category", "location_count")
SELECT "city_id", "super_category", count(*)::int
FROM "locations" CROSS JOIN unnest("super_categories") AS "super_category"
GROUP BY "city_id", "super_category";
