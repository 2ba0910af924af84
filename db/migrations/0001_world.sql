CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"state_name" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"slug" text NOT NULL,
	"state_slug" text NOT NULL,
	"city_slug" text NOT NULL,
	CONSTRAINT "cities_service_id_unique" UNIQUE("service_id"),
	CONSTRAINT "cities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "city_classifications" (
	"city_id" integer NOT NULL,
	"classification_id" integer NOT NULL,
	"location_count" integer NOT NULL,
	CONSTRAINT "city_classifications_city_id_classification_id_pk" PRIMARY KEY("city_id","classification_id")
);
--> statement-breakpoint
CREATE TABLE "classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"safe_name" text NOT NULL,
	"name" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"location_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"collection_id" integer NOT NULL,
	"position" integer NOT NULL,
	"review_id" integer NOT NULL,
	CONSTRAINT "collection_items_collection_id_position_pk" PRIMARY KEY("collection_id","position")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"city_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_follows" (
	"location_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_follows_location_id_user_id_pk" PRIMARY KEY("location_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"address" text NOT NULL,
	"neighborhood" text NOT NULL,
	"city_id" integer NOT NULL,
	"zip" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"prompt" text NOT NULL,
	"description" text NOT NULL,
	"hours" jsonb NOT NULL,
	"price_level" smallint,
	"super_categories" text[] NOT NULL,
	"classification_ids" integer[] NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"poster_clip" text,
	"trending_rank" smallint,
	"rank_score" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_locations" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"related_ids" integer[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reads" (
	"review_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"watched_duration_ms" integer,
	"read_count" integer DEFAULT 1 NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reads_review_id_device_id_pk" PRIMARY KEY("review_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"caption" text NOT NULL,
	"clip" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"rank_score" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"scale" real NOT NULL,
	"seed" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" integer NOT NULL,
	"referrer_code" text NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_collection_items" (
	"user_collection_id" integer NOT NULL,
	"position" integer NOT NULL,
	"review_id" integer NOT NULL,
	CONSTRAINT "user_collection_items_user_collection_id_position_pk" PRIMARY KEY("user_collection_id","position")
);
--> statement-breakpoint
CREATE TABLE "user_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"vanity_url" text NOT NULL,
	"avatar_url" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"email" text,
	"user_level" smallint DEFAULT 1 NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"home_city_id" integer,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_classifications" ADD CONSTRAINT "city_classifications_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_classifications" ADD CONSTRAINT "city_classifications_classification_id_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."classifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_follows" ADD CONSTRAINT "location_follows_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_follows" ADD CONSTRAINT "location_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_locations" ADD CONSTRAINT "related_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reads" ADD CONSTRAINT "review_reads_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_collection_items" ADD CONSTRAINT "user_collection_items_user_collection_id_user_collections_id_fk" FOREIGN KEY ("user_collection_id") REFERENCES "public"."user_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_collection_items" ADD CONSTRAINT "user_collection_items_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_collections" ADD CONSTRAINT "user_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_city_id_cities_id_fk" FOREIGN KEY ("home_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_city_slug_idx" ON "cities" USING btree ("state_slug","city_slug");--> statement-breakpoint
CREATE INDEX "cities_name_trgm_idx" ON "cities" USING gin (name gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "classifications_kind_safe_name_idx" ON "classifications" USING btree ("kind","safe_name");--> statement-breakpoint
CREATE INDEX "classifications_kind_order_idx" ON "classifications" USING btree ("kind","pinned","location_count");--> statement-breakpoint
CREATE INDEX "location_follows_location_created_idx" ON "location_follows" USING btree ("location_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "locations_city_rank_idx" ON "locations" USING btree ("city_id","rank_score" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "locations_super_categories_idx" ON "locations" USING gin ("super_categories");--> statement-breakpoint
CREATE INDEX "locations_classification_ids_idx" ON "locations" USING gin ("classification_ids");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_trending_idx" ON "locations" USING btree ("trending_rank") WHERE "locations"."trending_rank" is not null;--> statement-breakpoint
CREATE INDEX "review_reads_review_first_read_idx" ON "review_reads" USING btree ("review_id","first_read_at");--> statement-breakpoint
CREATE INDEX "reviews_rank_idx" ON "reviews" USING btree ("rank_score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reviews_city_rank_idx" ON "reviews" USING btree ("city_id","rank_score" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reviews_location_created_idx" ON "reviews" USING btree ("location_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_author_created_idx" ON "reviews" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_caption_trgm_idx" ON "reviews" USING gin (caption gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shares_resource_created_idx" ON "shares" USING btree ("resource_type","resource_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_location_created_idx" ON "tips" USING btree ("location_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_collections_user_idx" ON "user_collections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_vanity_url_lower_idx" ON "users" USING btree (lower("vanity_url"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (username gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin (display_name gin_trgm_ops);