import { describe, expect, it } from 'vitest';
import { createFailureLog } from './failure-log';

/** A logger that keeps its lines as [level, message, fields]. */
function recordingLogger() {
  const lines: [string, string, object?][] = [];
  return {
    lines,
    info: (msg: string) => void lines.push(['info', msg]),
    warn: (obj: object, msg: string) => void lines.push(['warn', msg, obj]),
    error: (obj: object, msg: string) => void lines.push(['error', msg, obj]),
  };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('createFailureLog (server/failure-log.ts)', () => {
  it('a storage fault: one warning when it starts, one line when it ends, nothing between', () => {
    const log = recordingLogger();
    let clock = 1_000;
    const failures = createFailureLog(log, 'search index: sync', 'Searches go on.', () => clock);
    failures.worked();
    expect(log.lines).toEqual([]);
    for (let i = 0; i < 10; i++) {
      failures.failed(refused());
      clock += 1_000;
    }
    expect(failures.failing).toBe(true);
    failures.worked();
    failures.worked();
    expect(failures.failing).toBe(false);
    expect(log.lines).toEqual([
      [
        'warn',
        'search index: sync failed: The database is not answering. Searches go on.',
        { fault: 'unavailable', detail: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432' },
      ],
      ['info', 'search index: sync works again, after 10 s and 10 failed tries'],
    ]);
    // The next outage is told again, and counted afresh.
    failures.failed(refused());
    failures.worked();
    expect(log.lines.slice(2).map(([level, msg]) => [level, msg])).toEqual([
      ['warn', 'search index: sync failed: The database is not answering. Searches go on.'],
      ['info', 'search index: sync works again, after 0 s and 1 failed tries'],
    ]);
  });

  it('any other error is a bug: logged as an error with the error itself, once a run', () => {
    const log = recordingLogger();
    const failures = createFailureLog(log, 'flags: reading them', 'Pages use the last read.');
    const bug = new TypeError('x is undefined');
    failures.failed(bug);
    failures.failed(bug);
    expect(log.lines).toEqual([
      ['error', 'flags: reading them failed. Pages use the last read.', { err: bug }],
    ]);
  });
});
