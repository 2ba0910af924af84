import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { isLoopbackAddress, loopbackOnly } from './loopback';

/** An app with one convenience behind the hook, its clients' addresses as `inject` sets them. */
async function appOn(host: string, trustProxyHops: number) {
  const config = parseConfig({ HOST: host, TRUST_PROXY_HOPS: String(trustProxyHops) });
  // As server/app.ts trusts them: the last `trustProxyHops` addresses are proxies.
  const app = Fastify({
    trustProxy:
      trustProxyHops > 0 ? (_address: string, hop: number) => hop < trustProxyHops : false,
  });
  app.get('/convenience', { onRequest: loopbackOnly(config) }, async () => ({ ok: true }));
  await app.ready();
  const status = async (remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        url: '/convenience',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).statusCode;
  return { app, status };
}

describe('development conveniences on another HOST', () => {
  it('answer this machine only, whatever X-Forwarded-For says when no proxy is trusted', async () => {
    const { app, status } = await appOn('0.0.0.0', 0);
    expect(await status('127.0.0.1')).toBe(200);
    expect(await status('::1')).toBe(200);
    expect(await status('192.168.1.20')).toBe(404);
    expect(await status('192.168.1.20', '127.0.0.1')).toBe(404);
    await app.close();
  });

  it('behind a trusted proxy on this machine, answer only a client the proxy saw on it', async () => {
    const { app, status } = await appOn('0.0.0.0', 1);
    expect(await status('127.0.0.1', '127.0.0.1')).toBe(200);
    expect(await status('127.0.0.1', '192.168.1.20')).toBe(404);
    expect(await status('192.168.1.20', '127.0.0.1')).toBe(404);
    await app.close();
  });

  it('always answer on a loopback HOST', async () => {
    const { app, status } = await appOn('127.0.0.1', 0);
    expect(await status('192.168.1.20')).toBe(200);
    await app.close();
  });

  it('know this machine by its addresses only', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '127.0.0.1.example', '', undefined])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});
