import { parseArgs } from 'node:util';
import type { FlagValue } from '../../contract/analytics-events';
import {
  FLAG_TYPES,
  FlagFile,
  flagFileProblems,
  type FlagFileEntry,
  type FlagType,
} from '../../contract/flags';
import { evaluateFlag, hash } from './evaluate';
import { flagDefinitions } from './flag-file';

/**
 * The commands of `npm run flags` (scripts/flags.ts), as pure functions of the parsed file and
 * the arguments: each answers a new file to write, text to print, or a sentence saying what is
 * wrong. A new file is checked by the same schema the server uses before anything is written.
 */
export type FlagCommandResult =
  | { kind: 'write'; file: FlagFile; message: string }
  | { kind: 'print'; output: string }
  | { kind: 'error'; message: string };

export const FLAGS_HELP = `Feature flags: edits the flags file (FLAGS_FILE, default config/flags.json).
A running server applies each change within a second; a server started later applies it at boot.

  npm run flags -- list
  npm run flags -- set <key> [--on|--off] [--rollout N] [--type boolean|multivariate]
                             [--variants a=50,b=50] [--description "…"]
  npm run flags -- override <key> <distinctId> <true|false|variant>
  npm run flags -- unoverride <key> <distinctId>
  npm run flags -- remove <key>
  npm run flags -- check <key> <distinctId>
  npm run flags -- help

A new flag needs --description; it starts off (--on turns it on), rolled out to 100%, and is
multivariate when it has --variants. Distinct ids are the distinct_id cookie of a browser.`;

const error = (message: string): FlagCommandResult => ({ kind: 'error', message });

/** The entry with its settings in the file's usual order, without empty optional parts. */
function tidy(entry: FlagFileEntry): FlagFileEntry {
  return {
    description: entry.description,
    type: entry.type,
    enabled: entry.enabled,
    rollout: entry.rollout,
    ...(entry.type === 'multivariate' && entry.variants ? { variants: entry.variants } : {}),
    ...(entry.overrides && Object.keys(entry.overrides).length > 0
      ? { overrides: entry.overrides }
      : {}),
  };
}

/** Checks the changed file with the server's schema; its problems become the error. */
function checked(file: FlagFile, message: string): FlagCommandResult {
  const result = FlagFile.safeParse(file);
  if (!result.success)
    return error(`Nothing was written: ${flagFileProblems(result.error).join(' ')}`);
  return { kind: 'write', file: result.data, message };
}

function withFlag(file: FlagFile, key: string, entry: FlagFileEntry | null): FlagFile {
  const flags = { ...file.flags };
  if (entry) flags[key] = tidy(entry);
  else delete flags[key];
  return { flags };
}

const describeValue = (value: FlagValue) => JSON.stringify(value);

function summary(key: string, entry: FlagFileEntry): string {
  const variants = entry.variants ? `, variants ${formatVariants(entry.variants)}` : '';
  return `${key}: ${entry.type}, ${entry.enabled ? 'on' : 'off'}, rollout ${entry.rollout}%${variants}`;
}

const formatVariants = (variants: Record<string, number>) =>
  Object.entries(variants)
    .map(([variant, share]) => `${variant}=${share}`)
    .join(',');

/** `a=50,b=50` → { a: 50, b: 50 }, or a sentence saying what is wrong. */
export function parseVariants(text: string): Record<string, number> | string {
  const variants: Record<string, number> = {};
  for (const part of text.split(',')) {
    const match = /^\s*([^=\s]+)\s*=\s*([0-9]{1,3})\s*$/.exec(part);
    if (!match)
      return `--variants takes names and percents like control=50,test=50 ("${part}" is not one).`;
    variants[match[1]!] = Number(match[2]);
  }
  return variants;
}

function list(file: FlagFile): string {
  const entries = Object.entries(file.flags);
  if (entries.length === 0) return 'No flags yet: add one with `npm run flags -- set <key> …`.';
  const header = ['key', 'type', 'enabled', 'rollout', 'variants', 'overrides'];
  const rows = entries.map(([key, flag]) => [
    key,
    flag.type,
    flag.enabled ? 'on' : 'off',
    `${flag.rollout}%`,
    flag.variants ? formatVariants(flag.variants) : '-',
    String(Object.keys(flag.overrides ?? {}).length),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function set(file: FlagFile, args: string[]): FlagCommandResult {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        on: { type: 'boolean' },
        off: { type: 'boolean' },
        rollout: { type: 'string' },
        type: { type: 'string' },
        variants: { type: 'string' },
        description: { type: 'string' },
      },
    });
  } catch (problem) {
    const { code, message } = problem as { code?: string; message: string };
    const option = /'(--?[^' ]+)/.exec(message)?.[1] ?? 'an option';
    return error(
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `set has no option ${option}: it takes --on, --off, --rollout, --type, --variants and --description.`
        : message.includes('argument missing')
          ? `${option} needs a value: see \`npm run flags -- help\`.`
          : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
            ? `${option} takes no value.`
            : `${message}. See \`npm run flags -- help\`.`,
    );
  }
  const { values, positionals } = parsed;
  const [key, ...extra] = positionals;
  if (!key || extra.length > 0)
    return error('set takes one flag key, like `npm run flags -- set my-flag --on`.');
  if (values.on && values.off) return error('Choose --on or --off, not both.');
  let rollout: number | undefined;
  if (values.rollout !== undefined) {
    if (!/^[0-9]{1,3}$/.test(values.rollout) || Number(values.rollout) > 100)
      return error(`--rollout takes a whole number from 0 to 100, not "${values.rollout}".`);
    rollout = Number(values.rollout);
  }
  if (values.type !== undefined && !FLAG_TYPES.includes(values.type as FlagType))
    return error(`--type is boolean or multivariate, not "${values.type}".`);
  let variants: Record<string, number> | undefined;
  if (values.variants !== undefined) {
    const result = parseVariants(values.variants);
    if (typeof result === 'string') return error(result);
    variants = result;
  }

  const existing = file.flags[key];
  if (!existing && values.description === undefined)
    return error(`${key} is a new flag: give it a --description "…" that says what it turns on.`);
  const type = (values.type as FlagType | undefined) ?? (variants ? 'multivariate' : undefined);
  const entry: FlagFileEntry = {
    description: values.description ?? existing?.description ?? '',
    type: type ?? existing?.type ?? 'boolean',
    enabled: values.on ? true : values.off ? false : (existing?.enabled ?? false),
    rollout: rollout ?? existing?.rollout ?? 100,
    ...(variants || existing?.variants ? { variants: variants ?? existing?.variants } : {}),
    ...(existing?.overrides ? { overrides: existing.overrides } : {}),
  };
  // Turning a multivariate flag into a boolean one drops its variants.
  if (entry.type === 'boolean' && !variants) delete entry.variants;
  return checked(
    withFlag(file, key, entry),
    `${existing ? 'Changed' : 'Added'} ${summary(key, entry)}.`,
  );
}

function override(file: FlagFile, args: string[]): FlagCommandResult {
  const [key, distinctId, raw, ...extra] = args;
  if (!key || !distinctId || raw === undefined || extra.length > 0)
    return error(
      'override takes a flag, a distinct id and a value: `npm run flags -- override my-flag <distinctId> true`.',
    );
  const flag = file.flags[key];
  if (!flag) return error(`There is no flag "${key}". \`npm run flags -- list\` shows them.`);
  const value: FlagValue = raw === 'true' ? true : raw === 'false' ? false : raw;
  return checked(
    withFlag(file, key, { ...flag, overrides: { ...flag.overrides, [distinctId]: value } }),
    `${key} is now ${describeValue(value)} for ${distinctId}.`,
  );
}

function unoverride(file: FlagFile, args: string[]): FlagCommandResult {
  const [key, distinctId, ...extra] = args;
  if (!key || !distinctId || extra.length > 0)
    return error('unoverride takes a flag and a distinct id.');
  const flag = file.flags[key];
  if (!flag) return error(`There is no flag "${key}". \`npm run flags -- list\` shows them.`);
  if (!flag.overrides || !(distinctId in flag.overrides))
    return error(`Flag "${key}" has no override for ${distinctId}.`);
  const overrides = { ...flag.overrides };
  delete overrides[distinctId];
  return checked(
    withFlag(file, key, { ...flag, overrides }),
    `${key} no longer has an override for ${distinctId}: the rollout decides.`,
  );
}

function remove(file: FlagFile, args: string[]): FlagCommandResult {
  const [key, ...extra] = args;
  if (!key || extra.length > 0) return error('remove takes one flag key.');
  if (!file.flags[key])
    return error(`There is no flag "${key}". \`npm run flags -- list\` shows them.`);
  return checked(withFlag(file, key, null), `Removed ${key} and its overrides.`);
}

function check(file: FlagFile, args: string[]): FlagCommandResult {
  const [key, distinctId, ...extra] = args;
  if (!key || !distinctId || extra.length > 0)
    return error('check takes a flag and a distinct id.');
  const entry = file.flags[key];
  if (!entry) return error(`There is no flag "${key}". \`npm run flags -- list\` shows them.`);
  const flag = flagDefinitions({ flags: { [key]: entry } }).definitions[0]!;
  const overridden = entry.overrides?.[distinctId];
  const value = evaluateFlag(flag, overridden, distinctId);
  const bucket = Math.floor(hash(key, distinctId) * 10_000) / 100;
  const why =
    overridden !== undefined
      ? 'an override'
      : !entry.enabled
        ? 'the flag is off'
        : `bucket ${bucket}% ${value === false ? 'is outside' : 'is inside'} the ${entry.rollout}% rollout`;
  return { kind: 'print', output: `${key} for ${distinctId}: ${describeValue(value)} (${why})` };
}

/** Runs one command on the parsed file. */
export function runFlagCommand(file: FlagFile, argv: string[]): FlagCommandResult {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
      return { kind: 'print', output: FLAGS_HELP };
    case 'list':
      return { kind: 'print', output: list(file) };
    case 'set':
      return set(file, args);
    case 'override':
      return override(file, args);
    case 'unoverride':
      return unoverride(file, args);
    case 'remove':
      return remove(file, args);
    case 'check':
      return check(file, args);
    default:
      return error(`There is no command "${command}". \`npm run flags -- help\` lists them.`);
  }
}

/** The file as it is written: 2-space JSON and a final newline. */
export const serializeFlagFile = (file: FlagFile) => `${JSON.stringify(file, null, 2)}\n`;
