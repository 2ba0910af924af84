import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button';
import styles from './campaigns.module.css';

/** A campaign page's opening: what it is, in one line, and the one thing to do. */
export function CampaignHero({
  eyebrow,
  title,
  lead,
  cta,
  tone = 'coral',
  facts,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  cta?: { href: string; label: string };
  tone?: 'coral' | 'sea' | 'ink' | 'sun';
  facts?: { value: string; label: string }[];
}) {
  return (
    <section className={`${styles.hero} ${styles[tone]}`} aria-labelledby="campaign-title">
      <div className={`page-width ${styles.heroInner}`}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 id="campaign-title">{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {cta ? (
          <div>
            <ButtonLink href={cta.href} size="lg" variant={tone === 'ink' ? 'inverse' : 'primary'}>
              {cta.label}
            </ButtonLink>
          </div>
        ) : null}
        {facts ? (
          <dl className={styles.facts}>
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}

/** A titled band of a campaign page. */
export function CampaignSection({
  id,
  title,
  children,
  lead,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`page-width ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead ? <p className={styles.sectionLead}>{lead}</p> : null}
      {children}
    </section>
  );
}

/** Cards of short points (why, who, what you get). */
export function Points({ items }: { items: { title: string; text: string }[] }) {
  return (
    <ul className={styles.points}>
      {items.map((item) => (
        <li key={item.title}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Chicago',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Chicago',
  timeZoneName: 'short',
});

/** "January 31, 2027" and "11:59 PM CST" for the giveaway's period (Central Time). */
export const giveawayDay = (iso: string) => dateFormat.format(new Date(iso));
export const giveawayTime = (iso: string) => timeFormat.format(new Date(iso));
