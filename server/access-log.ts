import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The refusal code of a request's answer (`already_claimed`, `rate_limited`…), set by errors.ts. */
const refusals = new WeakMap<FastifyRequest, string>();

/** Names the refusal a request was answered with, for its access line. */
export function noteRefusal(request: FastifyRequest, code: string): void {
  refusals.set(request, code);
}

export interface AccessLogOptions {
  /** Refusals (4xx) written one by one in a window; past it they are only counted. */
  refusalsPerWindow: number;
  windowMs: number;
}

/** 60 refusals a minute one by one, then a count: what a person's mistakes need, not a flood's. */
export const ACCESS_LOG_DEFAULTS: AccessLogOptions = { refusalsPerWindow: 60, windowMs: 60_000 };

/**
 * One line per request, written once it is answered (Fastify's own request logging writes two,
 * "incoming request" and "request completed", and errors.ts wrote a third for each refusal).
 * Its fields name the request (server/logger.ts keeps personal data and secrets out of the URL),
 * the status, the time taken and the refusal's code, never the refusal's sentence, which may
 * quote what the person typed. Under a flood, a refusal costs at most that one line: past
 * `refusalsPerWindow` in a window they are counted by status, and one line at the window's end
 * says how many were not written (docs/decisions/064-logs.md).
 */
export function registerAccessLog(app: FastifyInstance, options = ACCESS_LOG_DEFAULTS): void {
  let written = 0;
  let skipped: Record<number, number> = {};
  const flush = () => {
    const total = Object.values(skipped).reduce((sum, n) => sum + n, 0);
    if (total > 0)
      app.log.warn(
        { refused: skipped },
        `${total} more refused requests in the last ${options.windowMs / 1000} s, counted, not logged one by one`,
      );
    written = 0;
    skipped = {};
  };
  const timer = setInterval(flush, options.windowMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && written >= options.refusalsPerWindow) {
      skipped[status] = (skipped[status] ?? 0) + 1;
      return done();
    }
    if (status >= 400 && status < 500) written++;
    request.log.info(
      {
        req: request,
        res: { statusCode: status },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        refusal: refusals.get(request),
      },
      'request completed',
    );
    done();
  });
}
