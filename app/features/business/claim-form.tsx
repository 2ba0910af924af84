import { CheckCircle2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { redirect } from 'react-router';
import { browserApi } from '../../api/browser-api';
import { Button, ButtonLink } from '../../components/ui/button';
import { paths } from '../../paths';
import { useAuth } from '../../shared/auth/auth';
import { useHydrated } from '../../shared/use-hydrated';
import formStyles from '../../components/ui/form.module.css';
import styles from './business.module.css';
import { Field, SelectField, type FieldProps } from '../../components/ui/form-field';
import type { ClaimPrefill } from './claim-prefill';
import { writeRequest } from '../../../contract/endpoints';
import type { ClaimReceived, ClaimStatus } from '../../../contract/business';
import { jsonBody, refuse, refusalOf, useWrite } from '../../shared/forms/write-action';

type FieldName =
  | 'owner_name'
  | 'position'
  | 'email'
  | 'phone'
  | 'business_name'
  | 'business_website'
  | 'address.addr_line1'
  | 'address.city'
  | 'address.state'
  | 'address.postal';

const ORDER: FieldName[] = [
  'owner_name',
  'position',
  'email',
  'phone',
  'business_name',
  'business_website',
  'address.addr_line1',
  'address.city',
  'address.state',
  'address.postal',
];

const POSITIONS = ['Owner', 'Co-owner', 'General manager', 'Marketing', 'Other'];

const NOT_SENT = 'Your claim was not sent. Try again.';

/**
 * The claim form's clientAction: POST /api/biz/claims, then the confirmation page, which
 * the receipt names (docs/decisions/073-writes-through-fetchers.md).
 */
export async function sendClaim({ request }: { request: Request }) {
  const body = await jsonBody(request);
  if (!body) return refuse({}, NOT_SENT);
  try {
    const { method, path } = writeRequest('claim');
    const received = await browserApi().request<ClaimReceived>(method, path, { body });
    // The receipt names this claim: the confirmation page shows it, and no claim not made.
    return redirect(
      `${paths.claimBusinessComplete()}?${new URLSearchParams({ claim: received.receipt })}`,
    );
  } catch (error) {
    return refusalOf(error, NOT_SENT);
  }
}

/** claim-business (spec §2.2): who you are and which place is yours, prefilled from the query. */
export function ClaimForm({ prefill }: { prefill: ClaimPrefill }) {
  const { user } = useAuth();
  const [values, setValues] = useState<Record<FieldName, string>>(() => ({
    owner_name: user?.display_name ?? '',
    position: POSITIONS.includes(prefill.position) ? prefill.position : 'Other',
    email: user?.email ?? '',
    phone: '',
    business_name: prefill.business_name,
    business_website: prefill.business_website,
    'address.addr_line1': prefill.addr_line1,
    'address.city': prefill.city,
    'address.state': prefill.state,
    'address.postal': prefill.postal,
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { submit: send, pending } = useWrite<typeof sendClaim>((refusal) => {
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of ORDER) if (refusal.fields[name]) found[name] = refusal.fields[name];
    setErrors(found);
    const first = ORDER.find((name) => found[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    setFormError(first ? 'Check the highlighted fields.' : refusal.message);
  });
  const hydrated = useHydrated();

  const set = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    send(
      {
        owner_name: values.owner_name,
        position: values.position,
        business_name: values.business_name,
        ...(values.business_website.trim() ? { business_website: values.business_website } : {}),
        address: {
          addr_line1: values['address.addr_line1'],
          city: values['address.city'],
          state: values['address.state'],
          postal: values['address.postal'],
        },
        email: values.email,
        phone: values.phone,
        ...(prefill.utm_source ? { utm_source: prefill.utm_source } : {}),
      },
      { method: 'post', encType: 'application/json' },
    );
  }

  const field = (name: FieldName, label: string, props: Partial<FieldProps> = {}) => (
    <Field
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      {...props}
    />
  );

  return (
    <div className={`page-width ${styles.claimPage}`}>
      <header className={styles.formHeader}>
        <p className={styles.eyebrow}>Spotreel for businesses</p>
        <h1>Claim your business</h1>
        <p className={styles.muted}>
          Tell us who you are and which place is yours. We check every claim, usually within two
          business days, and email you when it is done.
        </p>
      </header>
      <div className={styles.claimLayout}>
        <form ref={form} className={styles.form} onSubmit={submit} noValidate>
          <fieldset>
            <legend>About you</legend>
            <div className={styles.grid2}>
              {field('owner_name', 'Your name', { autoComplete: 'name' })}
              <SelectField
                name="position"
                label="Your role"
                value={values.position}
                options={POSITIONS}
                onChange={set('position')}
                error={errors.position}
              />
              {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
              {field('phone', 'Phone', {
                type: 'tel',
                autoComplete: 'tel',
                hint: 'We call to confirm the claim.',
              })}
            </div>
          </fieldset>
          <fieldset>
            <legend>Your business</legend>
            <div className={styles.grid2}>
              {field('business_name', 'Business name', {
                autoComplete: 'organization',
                wide: true,
              })}
              {field('business_website', 'Website (optional)', {
                type: 'url',
                autoComplete: 'url',
                wide: true,
                placeholder: 'example.com',
              })}
              {field('address.addr_line1', 'Street address', {
                autoComplete: 'address-line1',
                wide: true,
              })}
              {field('address.city', 'City', { autoComplete: 'address-level2' })}
              <div className={styles.grid2}>
                {field('address.state', 'State', {
                  autoComplete: 'address-level1',
                  maxLength: 2,
                  placeholder: 'IL',
                })}
                {field('address.postal', 'ZIP code', {
                  autoComplete: 'postal-code',
                  inputMode: 'numeric',
                  maxLength: 10,
                })}
              </div>
            </div>
          </fieldset>
          <p className={formStyles.error} role="alert">
            {formError}
          </p>
          <div className={styles.formActions}>
            <Button type="submit" size="lg" disabled={pending || !hydrated} aria-busy={pending}>
              {pending ? 'Sending…' : 'Send my claim'}
            </Button>
            <p className={styles.fine}>
              By sending this you confirm you may act for this business.
            </p>
          </div>
        </form>
        <aside className={styles.claimAside} aria-labelledby="claim-next-title">
          <h2 id="claim-next-title">What happens next</h2>
          <ol className={styles.nextSteps}>
            <li>We check your claim, usually within two business days.</li>
            <li>We call the number you give us to confirm you run the place.</li>
            <li>Your dashboard opens: views, followers, shares and your listing details.</li>
          </ol>
          <p className={styles.fine}>Claiming is free. You can add the business profile later.</p>
        </aside>
      </div>
    </div>
  );
}

/**
 * claim-business/complete: the claim its receipt names is in, and what happens next; without a
 * claim (no receipt, or one this server did not give) it says so and leads to the claim form.
 */
export function ClaimComplete({ claim }: { claim: ClaimStatus | null }) {
  if (!claim)
    return (
      <div className={`page-width ${styles.completePage}`}>
        <h1>We found no claim here</h1>
        <p className={styles.muted}>
          This address does not name a claim we have. If you run a place, claim it — it is free and
          takes two minutes.
        </p>
        <div className={styles.heroActions}>
          <ButtonLink href={paths.claimBusiness()}>Claim your business</ButtonLink>
          <ButtonLink href={paths.biz()} variant="secondary">
            Spotreel for businesses
          </ButtonLink>
        </div>
      </div>
    );
  return (
    <div className={`page-width ${styles.completePage}`}>
      <CheckCircle2 className={styles.completeIcon} aria-hidden="true" />
      <h1>Thanks — your claim is in</h1>
      <p className={styles.muted}>
        We have your claim for {claim.business_name}. Here is what happens next:
      </p>
      <ol className={styles.nextSteps}>
        <li>We check the claim, usually within two business days.</li>
        <li>We call or email you to confirm you run the place.</li>
        <li>
          You get access to your dashboard: views, followers, shares and your listing details.
        </li>
      </ol>
      <div className={styles.heroActions}>
        <ButtonLink href={paths.biz()}>Back to Spotreel for businesses</ButtonLink>
        <ButtonLink href={paths.home()} variant="secondary" reloadDocument>
          Explore Spotreel
        </ButtonLink>
      </div>
    </div>
  );
}
