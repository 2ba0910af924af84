import { z } from 'zod';
import { DISTINCT_ID_PATTERN } from './analytics';

/**
 * config/flags.json, the feature flags' source of truth (docs/decisions/017-flags-and-analytics.md).
 * Edited by hand or with `npm run flags`; the server applies it at boot and on every change.
 * Every problem is reported as a sentence naming the flag (flagFileProblems).
 */

/** Flag and variant keys: lowercase letters, digits and dashes, as PostHog shows them. */
export const FLAG_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;
export const FLAG_TYPES = ['boolean', 'multivariate'] as const;
export type FlagType = (typeof FLAG_TYPES)[number];

/** A percent; `message` reads after the flag's name (flagFileProblems). */
const percent = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(100, message);

/** A setting's message: one for a missing setting, one for a wrong value. */
const problem = (name: string, missing: string, wrong: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `"${name}" is missing: ${missing}` : wrong;

const FlagEntry = z
  .object({
    description: z
      .string({
        error: problem('description', 'say what the flag turns on', 'description must be a text'),
      })
      .max(500, 'description must be at most 500 characters'),
    type: z.enum(FLAG_TYPES, {
      error: problem(
        'type',
        'set it to "boolean" or "multivariate"',
        'type must be "boolean" or "multivariate"',
      ),
    }),
    enabled: z.boolean({
      error: problem('enabled', 'set it to true or false', 'enabled must be true or false'),
    }),
    /** The share of people who get the flag (multivariate: who get a variant at all). */
    rollout: percent('rollout must be a whole number from 0 to 100').default(100),
    /** Multivariate flags only: each variant's share of the rollout; they add up to 100. */
    variants: z
      .record(z.string(), percent('must be a whole percent from 0 to 100'), {
        error: 'variants must map variant names to percents, like { "control": 50, "test": 50 }',
      })
      .optional(),
    /** Distinct ids pinned to a value: true/false, or a variant's name (false: no variant). */
    overrides: z
      .record(
        z.string(),
        z.union([z.boolean(), z.string()], { error: 'must be true, false or a variant name' }),
        {
          error: 'overrides must map distinct ids to values, like { "my-distinct-id": true }',
        },
      )
      .optional(),
  })
  .strict()
  .superRefine((flag, ctx) => {
    const variants = Object.entries(flag.variants ?? {});
    if (flag.type === 'boolean' && flag.variants)
      ctx.addIssue({
        code: 'custom',
        path: ['variants'],
        message: 'a boolean flag has no variants: remove them or make it "multivariate"',
      });
    if (flag.type === 'multivariate') {
      const total = variants.reduce((sum, [, share]) => sum + share, 0);
      if (variants.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['variants'],
          message: 'a multivariate flag needs variants, like { "control": 50, "test": 50 }',
        });
      else if (total !== 100)
        ctx.addIssue({
          code: 'custom',
          path: ['variants'],
          message: `the variants' percents must add up to 100 (they add up to ${total})`,
        });
      for (const [variant] of variants)
        if (!FLAG_KEY_PATTERN.test(variant))
          ctx.addIssue({
            code: 'custom',
            path: ['variants', variant],
            message: 'is not a valid variant name: use lowercase letters, digits and dashes',
          });
    }
    for (const [distinctId, value] of Object.entries(flag.overrides ?? {})) {
      const path = ['overrides', distinctId];
      if (!DISTINCT_ID_PATTERN.test(distinctId))
        ctx.addIssue({
          code: 'custom',
          path,
          message:
            'is not a distinct id: 8 to 80 letters, digits, dashes or underscores are expected',
        });
      if (flag.type === 'boolean' && typeof value !== 'boolean')
        ctx.addIssue({
          code: 'custom',
          path,
          message: 'must be true or false, since the flag is a boolean flag',
        });
      if (
        flag.type === 'multivariate' &&
        value !== false &&
        !variants.some(([variant]) => variant === value)
      )
        ctx.addIssue({
          code: 'custom',
          path,
          message: `must name one of the flag's variants (${variants.map(([v]) => v).join(', ') || 'none yet'}) or be false`,
        });
    }
  });

export const FlagFile = z
  .object({
    flags: z.record(z.string(), FlagEntry, {
      error: 'The file must hold a "flags" object, like { "flags": { "my-flag": { … } } }',
    }),
  })
  .strict()
  .superRefine((file, ctx) => {
    for (const key of Object.keys(file.flags))
      if (!FLAG_KEY_PATTERN.test(key))
        ctx.addIssue({
          code: 'custom',
          path: ['flags', key],
          message: 'a flag key may hold only lowercase letters, digits and dashes (at most 80)',
        });
  });
export type FlagFile = z.output<typeof FlagFile>;
export type FlagFileEntry = FlagFile['flags'][string];

const sentence = (text: string) => {
  const trimmed = text.replace(/^Invalid input: /, '');
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** Each problem of a bad file as a sentence that names the flag: `Flag "x": rollout must be …`. */
export function flagFileProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const [top, key, field, detail] = issue.path.map(String);
    if (top !== 'flags' || key === undefined) {
      if (issue.code === 'unrecognized_keys')
        return `The file may hold only "flags"; remove ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
      return sentence(issue.message);
    }
    const flag = `Flag "${key}"`;
    if (field === undefined) {
      if (issue.code === 'unrecognized_keys')
        return `${flag} has unknown settings ${issue.keys.map((k) => `"${k}"`).join(', ')}: a flag has description, type, enabled, rollout, variants and overrides.`;
      if (issue.code === 'invalid_type')
        return `${flag} must be an object with description, type and enabled.`;
      return `${flag}: ${sentence(issue.message)}`;
    }
    if (detail !== undefined && field === 'variants')
      return `${flag}: variant "${detail}" ${sentence(issue.message)}`;
    if (detail !== undefined && field === 'overrides')
      return `${flag}: the override for "${detail}" ${sentence(issue.message)}`;
    return `${flag}: ${sentence(issue.message)}`;
  });
}
