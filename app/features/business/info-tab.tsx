import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ListingInfo } from '../../../contract/business';
import type { Location } from '../../../contract/locations';
import { WEEK_DAYS } from '../../../contract/week-days';
import { browserApi } from '../../api/browser-api';
import { Button } from '../../components/ui/button';
import formStyles from '../../components/ui/form.module.css';
import styles from './business.module.css';
import { Field, FieldShell } from '../../components/ui/form-field';
import { writeRequest } from '../../../contract/endpoints';
import { useHydrated } from '../../shared/use-hydrated';
import { jsonBody, refuse, refusalOf, useWrite } from '../../shared/forms/write-action';

type Day = { day: string; open: string | null; close: string | null };

/** Seven days in order, whatever the stored list holds. */
function week(hours: readonly Day[]): Day[] {
  return WEEK_DAYS.map(
    (day) => hours.find((h) => h.day === day) ?? { day, open: null, close: null },
  );
}

/**
 * The dashboard's clientAction: the Info tab's changes, written with PUT
 * /api/business/locations/{id}/info. After it, React Router revalidates the dashboard's loader
 * (docs/decisions/073-writes-through-fetchers.md).
 */
export async function saveListingInfo({ request }: { request: Request }) {
  const body = await jsonBody(request);
  const id = Number(body?.clm_id);
  if (!body?.change || !Number.isInteger(id))
    return refuse({}, 'Your changes were not saved. Try again.');
  try {
    const { method, path } = writeRequest('saveListingInfo', { id });
    const saved = await browserApi().request<ListingInfo>(method, path, { body: body.change });
    return { ok: true as const, saved };
  } catch (error) {
    return refusalOf(error, 'Your changes were not saved. Try again.');
  }
}

/** The dashboard's Info tab: the details an owner may change (website, description, hours). */
export function InfoTab({
  info,
  location,
}: {
  info: ListingInfo | null;
  location: Location | null;
}) {
  if (!info)
    return <p className={styles.muted}>Your listing details are not available right now.</p>;
  return <InfoForm info={info} location={location} />;
}

function InfoForm({ info, location }: { info: ListingInfo; location: Location | null }) {
  const [website, setWebsite] = useState(info.website ?? '');
  const [description, setDescription] = useState(info.description);
  const [hours, setHours] = useState<Day[]>(() => week(info.hours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Counts refused saves: after each, the first field to fix gets focus (and scrolls into view)
  // once the render that marks it has landed.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const { submit: send, pending } = useWrite<typeof saveListingInfo>((answer) => {
    if (answer.ok) {
      // what the server stored, as it stored it (a website gets its scheme)
      setErrors({});
      setWebsite(answer.saved.website ?? '');
      setDescription(answer.saved.description);
      setHours(week(answer.saved.hours));
      setStatus('Saved. Visitors see the new details now.');
      return;
    }
    setErrors(answer.fields);
    setRefusals((count) => count + 1);
    setFormError(
      Object.keys(answer.fields).length > 0
        ? 'Some details need a fix before they can be saved.'
        : answer.message,
    );
  });
  const hydrated = useHydrated();
  const descriptionId = useId();
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const setDay = (index: number, change: Partial<Day>) =>
    setHours((current) => current.map((day, i) => (i === index ? { ...day, ...change } : day)));

  function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    setFormError(null);
    send(
      {
        clm_id: info.clm_id,
        change: {
          website: website.trim() || null,
          description,
          hours: hours.map((day) => ({
            day: day.day,
            open: day.open || null,
            close: day.close || null,
          })),
        },
      },
      { method: 'post', encType: 'application/json' },
    );
  }

  const dayError = (index: number) =>
    Object.entries(errors).find(
      ([field]) => field === `hours.${index}` || field.startsWith(`hours.${index}.`),
    )?.[1];

  return (
    <form
      ref={form}
      className={styles.infoForm}
      onSubmit={submit}
      noValidate
      aria-labelledby="info-title"
    >
      <h2 id="info-title" className={styles.panelTitle}>
        Listing details
      </h2>
      <Field
        name="website"
        label="Website"
        type="url"
        value={website}
        placeholder="example.com"
        onChange={setWebsite}
        error={errors.website}
      />
      <FieldShell
        id={descriptionId}
        label="Description"
        hint={`${description.length}/1000`}
        error={errors.description}
      >
        <textarea
          id={descriptionId}
          name="description"
          rows={4}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${descriptionId}-hint ${descriptionId}-error`}
        />
      </FieldShell>
      <fieldset className={styles.hours}>
        <legend>Opening hours</legend>
        {errors.hours ? <p className={formStyles.fieldError}>{errors.hours}</p> : null}
        {hours.map((day, index) => {
          const closed = day.open === null && day.close === null;
          const name = day.day;
          const error = dayError(index);
          return (
            <div key={day.day} className={styles.hoursRow} role="group" aria-label={name}>
              <span className={styles.hoursDay}>{name}</span>
              <label className={styles.closed}>
                <input
                  type="checkbox"
                  checked={closed}
                  onChange={(event) =>
                    setDay(
                      index,
                      event.target.checked
                        ? { open: null, close: null }
                        : { open: '09:00', close: '17:00' },
                    )
                  }
                />
                Closed
              </label>
              {closed ? null : (
                <>
                  <label>
                    <span className="visually-hidden">{name} opens</span>
                    <input
                      type="time"
                      value={day.open ?? ''}
                      onChange={(event) => setDay(index, { open: event.target.value || null })}
                      aria-invalid={error ? true : undefined}
                    />
                  </label>
                  <span aria-hidden="true">–</span>
                  <label>
                    <span className="visually-hidden">{name} closes</span>
                    <input
                      type="time"
                      value={day.close ?? ''}
                      onChange={(event) => setDay(index, { close: event.target.value || null })}
                      aria-invalid={error ? true : undefined}
                    />
                  </label>
                </>
              )}
              {error ? (
                <p className={`${formStyles.fieldError} ${styles.hoursError}`}>{error}</p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      {location ? (
        <div className={styles.readOnly}>
          <h3>Name, address and phone</h3>
          <p>
            {location.clm_name}
            <br />
            {location.clm_address}, {location.clm_city}, {location.clm_state} {location.clm_zip}
            <br />
            {info.phone}
          </p>
          <p className={formStyles.hint}>
            To change these, contact support: we check them against your claim.
          </p>
        </div>
      ) : null}
      <p className={formStyles.error} role="alert">
        {formError}
      </p>
      <div className={styles.formActions}>
        <Button type="submit" disabled={pending || !hydrated} aria-busy={pending}>
          {pending ? 'Saving…' : 'Save changes'}
        </Button>
        <p className={styles.saved} role="status">
          {status}
        </p>
      </div>
    </form>
  );
}
