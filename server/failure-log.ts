import { faultDetail, STORAGE_FAULT_SENTENCES, storageFaultOf } from '../db/storage-faults';

/** The logger a failure log writes to: Fastify's, or the search thread's relay of it. */
export interface FailureLogger {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FailureLog {
  /** One try failed: logged only when it is the first since the task last worked. */
  failed(error: unknown): void;
  /** One try worked: logged only when it ends a run of failures. */
  worked(): void;
  /** Whether the last try failed. */
  readonly failing: boolean;
}

/**
 * The log of a task that reads the database again and again (the search index's sync every
 * second, the flag store's reads): while the database is down every try fails alike, and a
 * line with a stack for each buried the logs (issue 36). So only the changes are logged
 * (docs/decisions/062-stale-if-error.md): the first failure, as a warning naming the storage
 * fault and what the error said (ADR 026: a fault is a warning, not a bug's stack), or as an
 * error with its stack when it is no storage fault; then nothing until a try works, which logs
 * one line saying for how long and how many tries failed.
 */
export function createFailureLog(
  log: FailureLogger,
  what: string,
  meanwhile: string,
  now: () => number = Date.now,
): FailureLog {
  let since: number | null = null;
  let failures = 0;
  return {
    get failing() {
      return since !== null;
    },
    failed(error) {
      failures += 1;
      if (since !== null) return;
      since = now();
      const fault = storageFaultOf(error);
      if (fault)
        log.warn(
          { fault, detail: faultDetail(error) },
          `${what} failed: ${STORAGE_FAULT_SENTENCES[fault]} ${meanwhile}`,
        );
      else log.error({ err: error }, `${what} failed. ${meanwhile}`);
    },
    worked() {
      if (since === null) return;
      const seconds = Math.round((now() - since) / 1000);
      log.info(`${what} works again, after ${seconds} s and ${failures} failed tries`);
      since = null;
      failures = 0;
    },
  };
}
