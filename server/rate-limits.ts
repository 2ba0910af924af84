import type { Config } from './config';

/** Writes are limited per client address and minute (@fastify/rate-limit route config). */
export const writeRateLimit = (config: Config) => ({
  max: config.rateLimitWritesPerMinute,
  timeWindow: '1 minute',
});
