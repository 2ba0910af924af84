-- pg_trgm backs the typo- and prefix-tolerant search (ADR 002); drizzle-kit never emits CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
