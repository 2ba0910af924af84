CREATE TABLE "business_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"place_key" text NOT NULL,
	"owner_name" text NOT NULL,
	"position" text NOT NULL,
	"business_name" text NOT NULL,
	"business_website" text,
	"addr_line1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone" text NOT NULL,
	"utm_source" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_claims_place_email_idx" ON "business_claims" USING btree ("place_key","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "business_claims_place_user_idx" ON "business_claims" USING btree ("place_key","user_id") WHERE "business_claims"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "business_claims_location_idx" ON "business_claims" USING btree ("location_id");