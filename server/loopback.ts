import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';

/** An address of this machine: 127.0.0.0/8, ::1, or 127.x written as IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  return plain === '::1' || plain === 'localhost' || /^127(\.\d{1,3}){3}$/.test(plain);
}

/**
 * Whether the development conveniences (the bundled identity provider with its test accounts,
 * /api/events/mine) answer this request: always, unless the configuration keeps them to this
 * machine (docs/decisions/066-conveniences-on-loopback.md). Then the client must be this machine
 * both on the socket and, behind trusted proxies, in X-Forwarded-For.
 */
export function conveniencesAnswer(request: FastifyRequest, config: Config): boolean {
  if (!config.conveniencesLoopbackOnly) return true;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/** A hook that answers 404 to a client the conveniences do not answer, as if they were off. */
export function loopbackOnly(config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (conveniencesAnswer(request, config)) return;
    return reply.code(404).type('application/json; charset=utf-8').send({
      error: 'not_found',
      message:
        'This development convenience answers only the machine Spotreel runs on (HOST is not loopback).',
    });
  };
}
