// `npm run dev`: the host from its sources, started again when they change (tsx watch), with the
// web app from Vite's dev server in it (HOT_RELOAD): an edit under app/ shows in the open page
// without a build or a restart (docs/decisions/068-dev-server-with-hmr.md). The database is the
// one `npm start` uses (DATA_DIR, or DATABASE_URL), prepared and seeded the same way by the host.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';

const child = spawn(
  process.execPath,
  [
    'node_modules/tsx/dist/cli.mjs',
    'watch',
    '--clear-screen=false',
    // Vite shows those edits in the page: the host keeps running.
    '--exclude',
    'app/**',
    // The dependencies, where they really are (a link elsewhere, in a git worktree say): Vite
    // bundles its config into a file there that the host imports and Vite then deletes, which
    // would start the host again at every start.
    '--exclude',
    `${realpathSync('node_modules')}/**`,
    'server/main.ts',
  ],
  { stdio: 'inherit', env: { HOT_RELOAD: 'true', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
