import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { Config } from './config';

/**
 * The client a write counts against: its address, as @fastify/rate-limit keys by default. A
 * request whose connection is already gone (a body that broke off half-way) has none, and must
 * not fail for it.
 */
const clientKey = (request: FastifyRequest) =>
  (request.ip as string | undefined) === undefined ? 'gone' : normalizeIP(request.ip);

/** Writes are limited per client address and minute (@fastify/rate-limit route config). */
export const writeRateLimit = (config: Config) => ({
  max: config.rateLimitWritesPerMinute,
  timeWindow: '1 minute',
  keyGenerator: clientKey,
});
