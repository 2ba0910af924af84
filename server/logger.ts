import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Structured logs with the request id: readable in a terminal, JSON in production. */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["auth-token"]'],
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}
