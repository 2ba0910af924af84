import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { noteRefusal, registerAccessLog } from './access-log';
import { loggerOptions } from './logger';

function appWithLines(options: { refusalsPerWindow: number; windowMs: number }) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      ...(loggerOptions({ logLevel: 'info', logFormat: 'json' }) as object),
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerAccessLog(app, options);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused', async (request, reply) => {
    noteRefusal(request, 'rate_limited');
    return reply.code(429).send({ error: 'rate_limited', message: 'Slow down, ada@example.org' });
  });
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line a request, with its status and refusal code, never the sentence', async () => {
    const { app, lines } = appWithLines({ refusalsPerWindow: 10, windowMs: 60_000 });
    await app.inject('/ok');
    await app.inject('/refused');
    await app.close();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    expect(lines[1]).toMatchObject({ res: { statusCode: 429 }, refusal: 'rate_limited' });
    expect(lines[1]!.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(lines)).not.toContain('example.org');
  });

  it('counts refusals past its window instead of writing them: one line for the rest', async () => {
    const { app, lines } = appWithLines({ refusalsPerWindow: 3, windowMs: 200 });
    for (let i = 0; i < 50; i++) await app.inject('/refused');
    await app.inject('/ok');
    expect(lines).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatchObject({ level: 40, refused: { 429: 47 } });
    expect(lines[4]!.msg).toMatch(/^47 more refused requests in the last 0.2 s/);
    // a new window writes refusals one by one again
    await app.inject('/refused');
    expect(lines).toHaveLength(6);
    await app.close();
  });
});
