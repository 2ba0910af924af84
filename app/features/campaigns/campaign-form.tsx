import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Campaign } from '../../../contract/campaign-options';
import { browserApi } from '../../api/browser-api';
import { Button } from '../../components/ui/button';
import { describedBy, FieldMessages, FieldShell } from '../../components/ui/form-field';
import formStyles from '../../components/ui/form.module.css';
import styles from './campaigns.module.css';
import { writeRequest } from '../../../contract/endpoints';
import { useHydrated } from '../../shared/use-hydrated';
import { jsonBody, refuse, refusalOf, useWrite } from '../../shared/forms/write-action';

export type FieldSpec = {
  name: string;
  label: ReactNode;
  hint?: string;
  wide?: boolean;
} & (
  | {
      kind: 'text' | 'email' | 'tel' | 'date' | 'number';
      autoComplete?: string;
      inputMode?: 'numeric';
      maxLength?: number;
      placeholder?: string;
    }
  | { kind: 'select'; options: readonly string[]; placeholder: string }
  | { kind: 'textarea'; rows: number; maxLength: number; minLength?: number }
  | { kind: 'checkbox' }
  | { kind: 'links'; count: number }
);

type Values = Record<string, string | boolean | string[]>;

function initial(fields: readonly FieldSpec[]): Values {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.kind === 'checkbox' ? false : field.kind === 'links' ? Array(field.count).fill('') : '',
    ]),
  );
}

/** The entry as JSON: an empty number or choice is left out (the server names it missing). */
function bodyOf(
  fields: readonly FieldSpec[],
  values: Values,
): Record<string, Values[string] | number> {
  const body: Record<string, Values[string] | number> = {};
  for (const field of fields) {
    const value = values[field.name]!;
    if ((field.kind === 'number' || field.kind === 'select') && value === '') continue;
    if (field.kind === 'links')
      body[field.name] = (value as string[]).map((v) => v.trim()).filter(Boolean);
    else if (field.kind === 'number') body[field.name] = Number(value);
    else body[field.name] = value;
  }
  return body;
}

const NOT_SENT = 'That did not go through. Try again.';

/**
 * A campaign route's clientAction: the entry, posted to `/api/campaigns/{campaign}/entries`
 * (docs/decisions/073-writes-through-fetchers.md). The page has no loader to revalidate.
 */
export const campaignEntryAction =
  (campaign: Campaign) =>
  async ({ request }: { request: Request }) => {
    const body = await jsonBody(request);
    if (!body) return refuse({}, NOT_SENT);
    try {
      const { method, path } = writeRequest('campaignEntry', { campaign });
      await browserApi().request(method, path, { body });
      return { ok: true as const };
    } catch (error) {
      return refusalOf(error, NOT_SENT);
    }
  };

/**
 * A campaign page's form: fields described once, sent to its route's clientAction, the server's
 * sentence shown beside each field, a duplicate told plainly, and a thank-you in place of the
 * form once the entry is in.
 */
export function CampaignForm({
  fields,
  submitLabel,
  done,
  children,
}: {
  fields: readonly FieldSpec[];
  submitLabel: string;
  /** The thank-you shown once the entry is stored. */
  done: { title: string; text: string };
  children?: ReactNode;
}) {
  const [values, setValues] = useState<Values>(() => initial(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { submit: send, pending } = useWrite<ReturnType<typeof campaignEntryAction>>((answer) => {
    if (answer.ok) return setSent(true);
    const found: Record<string, string> = {};
    for (const [field, message] of Object.entries(answer.fields)) {
      const name = field.split('.')[0]!;
      found[name] ??= message;
    }
    setErrors(found);
    const first = fields.find((field) => found[field.name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
    setFormError(first ? 'Check the highlighted fields.' : answer.message);
  });
  const hydrated = useHydrated();
  const thanks = useRef<HTMLDivElement>(null);
  const id = useId();
  // The thank-you takes the focus once it is on the page.
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const set = (name: string, value: string | boolean | string[]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    send(bodyOf(fields, values), { method: 'post', encType: 'application/json' });
  }

  if (sent)
    return (
      <div ref={thanks} className={styles.thanks} tabIndex={-1} role="status">
        <CheckCircle2 aria-hidden="true" />
        <h3>{done.title}</h3>
        <p>{done.text}</p>
      </div>
    );

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        {fields.map((field) => (
          <FieldView
            key={field.name}
            id={`${id}-${field.name}`}
            field={field}
            value={values[field.name]!}
            error={errors[field.name]}
            onChange={(value) => set(field.name, value)}
          />
        ))}
      </div>
      {children}
      <p className={formStyles.error} role="alert">
        {formError}
      </p>
      <Button type="submit" size="lg" disabled={pending || !hydrated} aria-busy={pending}>
        {pending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}

/** Every campaign form starts with who is entering (the server keeps one entry per email). */
export const PERSON_FIELDS: FieldSpec[] = [
  { name: 'full_name', label: 'Full name', kind: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
];

function FieldView({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: FieldSpec;
  value: string | boolean | string[];
  error?: string;
  onChange: (value: string | boolean | string[]) => void;
}) {
  const described = describedBy(id, field.hint);
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  } as const;
  const message = <FieldMessages id={id} hint={field.hint} error={error} />;
  const wide =
    field.wide || field.kind === 'textarea' || field.kind === 'checkbox' || field.kind === 'links';

  if (field.kind === 'checkbox')
    return (
      <div className={`${formStyles.field} ${formStyles.wide}`}>
        <label className={styles.check}>
          <input
            type="checkbox"
            {...common}
            checked={value as boolean}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{field.label}</span>
        </label>
        {message}
      </div>
    );

  if (field.kind === 'links')
    return (
      <fieldset
        className={`${formStyles.field} ${formStyles.wide} ${styles.links}`}
        aria-describedby={described}
      >
        <legend>{field.label}</legend>
        {(value as string[]).map((link, index) => (
          <input
            key={index}
            type="url"
            name={index === 0 ? field.name : `${field.name}-${index}`}
            aria-label={`Link ${index + 1}${index === 0 ? '' : ' (optional)'}`}
            aria-invalid={error ? true : undefined}
            placeholder="https://"
            value={link}
            onChange={(event) => {
              const next = [...(value as string[])];
              next[index] = event.target.value;
              onChange(next);
            }}
          />
        ))}
        {message}
      </fieldset>
    );

  return (
    <FieldShell id={id} label={field.label} error={error} hint={field.hint} wide={wide}>
      {field.kind === 'select' ? (
        <select
          {...common}
          value={value as string}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{field.placeholder}</option>
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <>
          <textarea
            {...common}
            rows={field.rows}
            maxLength={field.maxLength}
            value={value as string}
            onChange={(event) => onChange(event.target.value)}
          />
          <p className={formStyles.hint} aria-hidden="true">
            {(value as string).trim().length}
            {field.minLength ? ` (at least ${field.minLength})` : ''} / {field.maxLength}
          </p>
        </>
      ) : (
        <input
          {...common}
          type={field.kind}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          value={value as string}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}
