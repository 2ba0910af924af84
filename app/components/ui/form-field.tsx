import { useId, type ReactNode } from 'react';
import styles from './form.module.css';

export interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'text';
  wide?: boolean;
}

/** A field's hint and the sentence that says what to fix, with the ids its control points to. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className={styles.fieldError}>
        {error}
      </p>
    </>
  );
}

/** The aria-describedby of a field's control: its hint, then its error sentence. */
export const describedBy = (id: string, hint?: string) =>
  [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');

/** Label, control, hint and error of one form field, tied together by ids. */
export function FieldShell({
  id,
  label,
  error,
  hint,
  wide,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export function Field({ name, label, value, onChange, error, hint, wide, ...input }: FieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} wide={wide}>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint)}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  name,
  label,
  value,
  options,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      >
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </FieldShell>
  );
}
