DROP INDEX "locations_updated_at_idx";--> statement-breakpoint
DROP INDEX "users_updated_at_idx";