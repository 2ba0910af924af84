// `npm run flags -- <command>`: reads and edits the feature flags file (FLAGS_FILE, default
// config/flags.json). The commands themselves live in server/flags/flag-commands.ts.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { projectRoot } from '../db/project-root';
import { FLAGS_HELP, runFlagCommand, serializeFlagFile } from '../server/flags/flag-commands';
import { displayPath, FlagFileError, parseFlagFile } from '../server/flags/flag-file';

/** Replaces the file in one step, so the server's watcher never reads half a file. */
async function writeAtomically(path: string, text: string) {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(FLAGS_HELP);
    return 0;
  }
  const path = resolve(projectRoot(), process.env.FLAGS_FILE || 'config/flags.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    console.error(`The flags file ${displayPath(path)} does not exist or cannot be read.`);
    return 1;
  }
  const result = runFlagCommand(parseFlagFile(text, path), argv);
  if (result.kind === 'error') {
    console.error(result.message);
    return 1;
  }
  if (result.kind === 'print') {
    console.log(result.output);
    return 0;
  }
  await writeAtomically(path, serializeFlagFile(result.file));
  console.log(`${result.message}\nWrote ${displayPath(path)}: a running server applies it now.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof FlagFileError ? error.message : error);
    process.exit(1);
  },
);
