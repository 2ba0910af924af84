import type { Server } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';

/**
 * Node's HTTP server options for slow clients (docs/decisions/065-slow-clients.md): Fastify sets
 * the request, keep-alive and idle timeouts itself; the headers' timeout and how often Node looks
 * for connections past them go to the server it makes. Node looks every 30 s by default, so a
 * request could outlive its timeout by that much: here a second, a walk over the open
 * connections' list.
 */
export function timeoutOptions(connections: Config['connections']) {
  return {
    requestTimeout: connections.requestTimeoutMs,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    connectionTimeout: connections.idleSocketTimeoutMs,
    http: {
      headersTimeout: connections.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, connections.headersTimeoutMs),
    },
  };
}

/**
 * At most `maxPerAddress` open connections from one address: past it a new connection is closed
 * at once, before it costs a request. Without a cap, one address holding a thousand slow
 * requests used up the process's files, and every other client's connection was reset.
 * Refusals are counted and logged once a minute, never one line each. An IPv6 address counts
 * by its /64.
 */
export function capConnectionsPerAddress(
  server: Server,
  maxPerAddress: number,
  log: FastifyBaseLogger,
  windowMs = 60_000,
): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  let refused = new Map<string, number>();
  server.on('connection', (socket) => {
    // An IPv6 client by its /64, as the rate limits count it: one client usually has all of it.
    const address = socket.remoteAddress ? normalizeIP(socket.remoteAddress) : 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      refused.set(address, (refused.get(address) ?? 0) + 1);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  const timer = setInterval(() => {
    if (refused.size === 0) return;
    const total = [...refused.values()].reduce((sum, n) => sum + n, 0);
    const busiest = [...refused].sort((a, b) => b[1] - a[1]).slice(0, 3);
    log.warn(
      { refused: Object.fromEntries(busiest), addresses: refused.size },
      `connections: ${total} refused in the last ${windowMs / 1000} s from ${refused.size} address(es) past the cap of ${maxPerAddress} open each (MAX_CONNECTIONS_PER_ADDRESS)`,
    );
    refused = new Map();
  }, windowMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
