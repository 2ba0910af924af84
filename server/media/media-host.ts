import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * /media/*: clips, posters and avatars from DATA_DIR/media (spec: the media host).
 * Files never change under a name, so browsers and CDNs may keep them for a long time.
 */
export async function registerMediaHost(app: FastifyInstance, mediaDir: string) {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '30d',
    immutable: true,
    acceptRanges: true,
  });
}
