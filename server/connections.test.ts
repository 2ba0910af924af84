import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { capConnectionsPerAddress } from './connections';

/** A socket to the server, resolved once it is closed or after `ms` (still open). */
function open(port: number, ms: number): Promise<{ socket: Socket; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => resolve({ socket, closed: false }), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ socket, closed: true });
    });
    socket.on('error', () => {});
  });
}

describe('capConnectionsPerAddress', () => {
  it('closes connections past the cap at once, counts them in one line, and frees a slot on close', async () => {
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      warn: (fields: Record<string, unknown>, message: string) =>
        warnings.push({ fields, message }),
    } as unknown as FastifyBaseLogger;
    const server = createServer();
    capConnectionsPerAddress(server, 2, log, 200);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;

    const first = await Promise.all([open(port, 150), open(port, 150)]);
    expect(first.map((c) => c.closed)).toEqual([false, false]);
    const past = await Promise.all([open(port, 150), open(port, 150), open(port, 150)]);
    expect(past.map((c) => c.closed)).toEqual([true, true, true]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(
      /^connections: 3 refused in the last 0.2 s from 1 address/,
    );
    expect(warnings[0]!.fields.refused).toEqual({ '127.0.0.1': 3 });

    // One of the two closes: its slot is free again.
    first[0]!.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await open(port, 150)).closed).toBe(false);

    for (const c of [...first, ...past]) c.socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
