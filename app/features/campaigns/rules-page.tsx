import { Link } from 'react-router';
import { paths } from '../../paths';
import { useRootData } from '../../root-data';
import { giveawayDay, giveawayTime } from './campaign-parts';
import { GIVEAWAY_NAME } from './giveaway-page';
import styles from './campaigns.module.css';

/** kygo-sweepstakes-rules (spec §2.3): the giveaway's official rules, as a readable document. */
export function GiveawayRulesPage() {
  const period = useRootData()?.config.giveaway;
  const opens = period ? `${giveawayDay(period.opens)} at ${giveawayTime(period.opens)}` : '';
  const closes = period ? `${giveawayDay(period.closes)} at ${giveawayTime(period.closes)}` : '';
  return (
    <article className={`page-width ${styles.rules}`} aria-labelledby="rules-title">
      <p className={styles.eyebrow}>{GIVEAWAY_NAME}</p>
      <h1 id="rules-title">Official rules</h1>
      <p className={styles.notice}>
        NO PURCHASE NECESSARY TO ENTER OR WIN. A PURCHASE DOES NOT IMPROVE YOUR CHANCES OF WINNING.
        VOID WHERE PROHIBITED.
      </p>
      <nav aria-label="Sections" className={styles.toc}>
        <ol>
          {SECTIONS.map((title, index) => (
            <li key={title}>
              <a href={`#rule-${index + 1}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <section id="rule-1" aria-labelledby="rule-1-title">
        <h2 id="rule-1-title">1. Sponsor</h2>
        <p>
          {GIVEAWAY_NAME} (the “Giveaway”) is sponsored by Spotreel, Inc., 400 North Wells Street,
          Suite 500, Chicago, IL 60654 (the “Sponsor”). The festival, hotel and restaurants named in
          these rules are not sponsors of the Giveaway.
        </p>
      </section>
      <section id="rule-2" aria-labelledby="rule-2-title">
        <h2 id="rule-2-title">2. Who may enter</h2>
        <p>
          The Giveaway is open to legal residents of the 50 United States and the District of
          Columbia who are 18 years of age or older at the time of entry. Employees of the Sponsor,
          its affiliates and agencies, and their immediate families and household members, may not
          enter.
        </p>
      </section>
      <section id="rule-3" aria-labelledby="rule-3-title">
        <h2 id="rule-3-title">3. Entry period</h2>
        <p>
          The Giveaway begins {opens} and ends {closes} (the “Entry Period”). The Sponsor’s server
          is the official clock of the Giveaway; entries received outside the Entry Period are not
          accepted.
        </p>
      </section>
      <section id="rule-4" aria-labelledby="rule-4-title">
        <h2 id="rule-4-title">4. How to enter</h2>
        <p>
          Complete the entry form at{' '}
          <Link to={paths.sweepstakes()}>spotreel.app/kygo-sweepstakes</Link> with your name, email
          address, date of birth, state and ZIP code, and accept these rules. Limit one (1) entry
          per person and per email address. Entries made with several addresses, by script or by any
          automated means are void.
        </p>
      </section>
      <section id="rule-5" aria-labelledby="rule-5-title">
        <h2 id="rule-5-title">5. Prize</h2>
        <p>One (1) Grand Prize: a weekend for the winner and one guest, made of</p>
        <ul>
          <li>
            two (2) three-day general passes with front-area access to the Lakeshore Sound Festival;
          </li>
          <li>
            two (2) nights in one standard room of a boutique hotel in a Spotreel city of the
            winner’s choice;
          </li>
          <li>a $500 dining credit usable at participating Spotreel places.</li>
        </ul>
        <p>
          Approximate retail value (ARV): $3,200. Travel to the city is not included. The prize is
          not transferable and no cash alternative is offered, except that the Sponsor may
          substitute a prize of equal or greater value.
        </p>
      </section>
      <section id="rule-6" aria-labelledby="rule-6-title">
        <h2 id="rule-6-title">6. Odds</h2>
        <p>
          The odds of winning depend on the number of eligible entries received during the Entry
          Period.
        </p>
      </section>
      <section id="rule-7" aria-labelledby="rule-7-title">
        <h2 id="rule-7-title">7. How the winner is chosen and told</h2>
        <p>
          Within five (5) business days after the Entry Period ends, the Sponsor will select one
          potential winner in a random drawing from all eligible entries. The potential winner is
          notified by email and must reply within seven (7) days and sign an affidavit of
          eligibility and release; otherwise an alternate winner is drawn.
        </p>
      </section>
      <section id="rule-8" aria-labelledby="rule-8-title">
        <h2 id="rule-8-title">8. Taxes and conditions</h2>
        <p>
          Taxes on the prize are the winner’s responsibility; a winner of a prize worth $600 or more
          receives an IRS Form 1099. By entering, entrants agree to these rules and to the Sponsor’s
          decisions, which are final.
        </p>
      </section>
      <section id="rule-9" aria-labelledby="rule-9-title">
        <h2 id="rule-9-title">9. Privacy</h2>
        <p>
          Entry information is used to run the Giveaway and to contact the winner, as described in
          the Spotreel privacy policy. It is not sold.
        </p>
      </section>
      <section id="rule-10" aria-labelledby="rule-10-title">
        <h2 id="rule-10-title">10. Winner’s name</h2>
        <p>
          For the winner’s first name and state, email the Sponsor within sixty (60) days after the
          Entry Period ends.
        </p>
      </section>
      <p>
        <Link to={paths.sweepstakes()}>Back to the giveaway</Link>
      </p>
    </article>
  );
}

const SECTIONS = [
  'Sponsor',
  'Who may enter',
  'Entry period',
  'How to enter',
  'Prize',
  'Odds',
  'How the winner is chosen and told',
  'Taxes and conditions',
  'Privacy',
  'Winner’s name',
];
