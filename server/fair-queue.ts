import { HttpError } from './http-errors';

interface Waiting {
  start: () => void;
  /** Whether whoever asked has gone (the connection closed while it waited). */
  abandoned: () => boolean;
  drop: (error: Error) => void;
}

/**
 * A waiting call whose client went away before its turn: it never runs. Its answer (a 503 no
 * one reads) is not a failure of ours, so nothing is logged as an error.
 */
export class AbandonedError extends HttpError {
  constructor() {
    super(503, 'abandoned', 'The client went away while its call waited.');
    this.name = 'AbandonedError';
  }
}

/**
 * Work that costs the database more than a page's reads (an uncached search) runs through one
 * of these (docs/decisions/028-heavy-reads.md): at most `concurrency` at a time, so the database
 * always has room for everything else; clients waiting take turns, one at a time each, so one
 * client's flood waits behind itself and not in front of others. A client with `perClient` calls
 * already waiting has its oldest one answered 429 `superseded` (a person typing needs the
 * newest search, not the first), and when `maxWaiting` calls wait in all a new one gets 503:
 * both with Retry-After, both cheap to answer.
 */
export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  /** Each client's waiting calls; a Map keeps the order in which the clients began to wait. */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(
    private readonly options: {
      concurrency: number;
      perClient: number;
      maxWaiting: number;
      /** What the work is, for the refusals' messages ("searches"). */
      what: string;
    },
  ) {}

  /** Calls now running and waiting, for tests and health reports. */
  get load() {
    return { running: this.running, waiting: this.waitingCount };
  }

  /**
   * Runs `work` when its turn comes. `abandoned` tells whether the caller has gone (a closed
   * connection): a call whose caller went away while it waited is dropped, not run.
   */
  async run<T>(client: string, work: () => Promise<T>, abandoned = () => false): Promise<T> {
    if (this.running >= this.options.concurrency) await this.wait(client, abandoned);
    else this.running += 1;
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  private wait(client: string, abandoned: () => boolean): Promise<void> {
    const own = this.waiting.get(client) ?? [];
    if (own.length >= this.options.perClient) {
      // The newest takes the place of the oldest, which never runs.
      own
        .shift()!
        .drop(
          new HttpError(
            429,
            'superseded',
            `A newer one of your ${this.options.what} took this one's place: only your latest ${this.options.perClient} wait.`,
            undefined,
            { afterSeconds: 1 },
          ),
        );
      this.waitingCount -= 1;
    }
    if (this.waitingCount >= this.options.maxWaiting) {
      throw new HttpError(
        503,
        'busy',
        `Spotreel is answering many ${this.options.what} right now. Please try again in a second.`,
        undefined,
        { afterSeconds: 1 },
      );
    }
    return new Promise<void>((resolve, reject) => {
      own.push({ start: resolve, abandoned, drop: reject });
      this.waiting.set(client, own);
      this.waitingCount += 1;
    });
  }

  /**
   * A call ended: the next client in turn starts its oldest call (the slot passes on). Calls
   * whose callers went away are dropped on the way.
   */
  private next() {
    for (;;) {
      const entry = this.waiting.entries().next();
      if (entry.done) {
        this.running -= 1;
        return;
      }
      const [client, own] = entry.value;
      const call = own.shift()!;
      this.waitingCount -= 1;
      // The client goes to the back of the turn order, or leaves it with nothing waiting.
      this.waiting.delete(client);
      if (own.length > 0) this.waiting.set(client, own);
      if (!call.abandoned()) return call.start();
      call.drop(new AbandonedError());
    }
  }
}
