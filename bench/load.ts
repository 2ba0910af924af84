import autocannon from 'autocannon';

/** What one autocannon run measured. */
export interface LoadResult {
  /** Requests per second: the mean of autocannon's one-second samples. */
  requests: number;
  /** Latency percentiles of the 2xx answers, ms. */
  p50: number;
  p99: number;
  /** Bytes received per answer (status line, headers and body, as autocannon counts them). */
  bytes: number;
  /** Answers received. */
  total: number;
  /** Answers with a status outside 2xx. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

/**
 * autocannon on loopback for a fixed time. The requests rotate over `paths`, one path after the
 * other across every connection (so consecutive requests ask consecutive paths and the load
 * cycles through all of them), as visitors would spread over places and terms.
 */
export function runLoad(options: {
  base: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const { paths } = options;
  if (paths.length === 0) throw new Error('runLoad: no paths');
  return new Promise((resolve, reject) => {
    let next = 0;
    const instance = autocannon(
      {
        url: options.base,
        connections: options.connections,
        duration: options.seconds,
        ...(options.headers ? { headers: options.headers } : {}),
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: paths[next++ % paths.length] as string,
            }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requests: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      },
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

/**
 * Waits until a server has drained the last run's queue (a health check answers in under 20 ms
 * again), at most a minute.
 */
export async function settle(base: string, path = '/healthz') {
  for (let i = 0; i < 600; i++) {
    const started = performance.now();
    await fetch(base + path).then((answer) => answer.arrayBuffer());
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
