import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { clearSiteCookie, setSiteCookie, siteCookieWrites } from './cookies';

test('an answer knows the cookies it was told to set before @fastify/cookie writes them out', async () => {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.get('/', async (_request, reply) => {
    const before = siteCookieWrites(reply);
    setSiteCookie(reply, false, 'device_id', 'd1', { httpOnly: false, sameSite: 'lax' });
    clearSiteCookie(reply, false, 'auth_token', { httpOnly: true, sameSite: 'lax' });
    // the plugin's own headers come in its onSend hook: not there yet
    return { before, after: siteCookieWrites(reply), inHeaders: reply.hasHeader('set-cookie') };
  });
  const answer = await app.inject('/');
  expect(answer.json()).toEqual({ before: 0, after: 2, inHeaders: false });
  expect(answer.headers['set-cookie']).toHaveLength(2);
  await app.close();
});
