-- A clip has a sound track or not (ADR 077). Worlds seeded before it keep their silent clips (their
-- media stay in DATA_DIR/media), so false is right for every existing row.
ALTER TABLE "reviews" ADD COLUMN "has_audio" boolean DEFAULT false NOT NULL;