// The search thread from its TypeScript source (tests and development; the build bundles
// server/search/search-worker.ts into build/host/search-worker.js): a worker thread does not
// inherit the parent's tsx loader, so it registers tsx here, then runs the source.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
