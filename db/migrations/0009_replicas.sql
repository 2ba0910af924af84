CREATE TABLE "idp_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "idp_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idp_payloads_grant_idx" ON "idp_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "idp_payloads_uid_idx" ON "idp_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "idp_payloads_expires_idx" ON "idp_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_windows_ends_idx" ON "rate_limit_windows" USING btree ("ends_at");