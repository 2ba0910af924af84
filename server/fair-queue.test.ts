import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';
import { HttpError } from './http-errors';

/** A piece of work that ends when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  const options = { concurrency: 1, perClient: 2, maxWaiting: 4, what: 'searches' };

  it('runs at most `concurrency` calls at once, and lets clients take turns', async () => {
    const queue = new FairQueue(options);
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const a3 = gate(log, 'a3');
    const b1 = gate(log, 'b1');
    const runs = [
      queue.run('a', a1.work),
      queue.run('a', a2.work),
      queue.run('a', a3.work),
      queue.run('b', b1.work),
    ];
    await tick();
    expect(log).toEqual(['a1']);
    expect(queue.load).toEqual({ running: 1, waiting: 3 });
    a1.finish();
    await tick();
    expect(log).toEqual(['a1', 'a2']);
    a2.finish();
    await tick();
    // b waited behind one of a's calls, not behind all of them.
    expect(log).toEqual(['a1', 'a2', 'b1']);
    b1.finish();
    await tick();
    a3.finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("answers a client's oldest waiting call 429 when a newer one comes, and 503 when too many wait", async () => {
    const queue = new FairQueue(options);
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = queue.run('a', first.work);
    const oldest = queue.run('a', async () => 'a2');
    const waiting = [queue.run('a', async () => 'a3'), queue.run('a', async () => 'a4')];
    await expect(oldest).rejects.toMatchObject({
      statusCode: 429,
      code: 'superseded',
      retry: { afterSeconds: 1 },
    });
    expect(queue.load).toEqual({ running: 1, waiting: 2 });
    waiting.push(
      queue.run('b', async () => 'b1'),
      queue.run('c', async () => 'c1'),
    );
    const busy = await queue.run('d', async () => 'd1').catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(HttpError);
    expect(busy).toMatchObject({ statusCode: 503, code: 'busy', retry: { afterSeconds: 1 } });
    first.finish();
    expect(await running).toBe('first');
    expect((await Promise.all(waiting)).sort()).toEqual(['a3', 'a4', 'b1', 'c1']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('passes the slot on when a call fails', async () => {
    const queue = new FairQueue({ ...options, concurrency: 2 });
    const failing = queue.run('a', async () => {
      throw new Error('the database said no');
    });
    await expect(failing).rejects.toThrow('the database said no');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(
      await Promise.all([queue.run('a', async () => 1), queue.run('b', async () => 2)]),
    ).toEqual([1, 2]);
  });
});

describe('FairQueue and request context', () => {
  // A waiting call is started by whichever call ends before it (`next()`), in that call's
  // request: its work must still see its own request's context (the log's request id).
  it('runs a call that waited in its own async context, not in the one that passed it the slot', async () => {
    const context = new AsyncLocalStorage<string>();
    const queue = new FairQueue({ concurrency: 1, perClient: 5, maxWaiting: 10, what: 'calls' });
    let release!: () => void;
    const first = context.run('first', () =>
      queue.run('a', () => new Promise<string>((resolve) => (release = () => resolve('done')))),
    );
    const second = context.run('second', () =>
      queue.run('b', async () => context.getStore() ?? 'none'),
    );
    release();
    expect(await first).toBe('done');
    expect(await second).toBe('second');
  });
});

describe('FairQueue and callers that go away', () => {
  it('drops a waiting call whose caller left, and passes the slot on', async () => {
    const queue = new FairQueue({ concurrency: 1, perClient: 2, maxWaiting: 4, what: 'searches' });
    const log: string[] = [];
    const first = gate(log, 'first');
    let gone = false;
    const running = queue.run('a', first.work);
    const left = queue.run(
      'b',
      async () => log.push('left') && 'left',
      () => gone,
    );
    const stayed = queue.run('c', async () => log.push('stayed') && 'stayed');
    gone = true;
    first.finish();
    await expect(left).rejects.toMatchObject({ statusCode: 503, code: 'abandoned' });
    expect(await running).toBe('first');
    expect(await stayed).toBe('stayed');
    expect(log).toEqual(['first', 'stayed']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
