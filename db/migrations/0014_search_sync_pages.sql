CREATE INDEX "locations_updated_at_id_idx" ON "locations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_updated_at_id_idx" ON "users" USING btree ("updated_at","id");