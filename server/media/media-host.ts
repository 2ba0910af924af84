import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * /media/*: clips, posters and avatars from DATA_DIR/media (spec: the media host).
 * Files never change under a name (a new clip gets a new name), so browsers and CDNs keep them a year.
 */
export async function registerMediaHost(app: FastifyInstance, mediaDir: string) {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
    acceptRanges: true,
  });
}
