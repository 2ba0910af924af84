import { BarChart3, Clapperboard, Store } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../paths';
import { LocationFinder } from './location-finder';
import { PriceCard } from './pricing';
import styles from './business.module.css';
import { tracked } from '../../shared/tracked';

const STEPS = [
  {
    icon: Store,
    title: 'Claim your listing',
    text: 'Find your place and tell us you run it. We check every claim by phone or email.',
  },
  {
    icon: Clapperboard,
    title: 'Locals film your spot',
    text: 'Creators who know your neighbourhood post short videos people actually watch.',
  },
  {
    icon: BarChart3,
    title: 'Watch it grow',
    text: 'See views, followers and shares day by day, and keep your hours and website right.',
  },
];

/** biz (spec §2.2): what Spotreel does for a business, the claim, pricing and owner sign-in. */
export function BusinessLanding() {
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="biz-hero-title">
        <div className="page-width">
          <div className={styles.heroInner}>
            <p className={styles.eyebrow}>Spotreel for businesses</p>
            <h1 id="biz-hero-title" className={styles.heroTitle}>
              Get videos from top local creators
            </h1>
            <p className={styles.heroLead}>
              People pick where to eat, drink and stay by watching locals. Claim your listing, get
              filmed by the creators your guests already follow, and see how they find you.
            </p>
            <div className={styles.heroActions}>
              <ButtonLink href="#claim" size="lg" {...tracked('Claim Your Business')}>
                Claim Your Business
              </ButtonLink>
              <ButtonLink href={paths.bizSignIn()} size="lg" variant="secondary">
                Owner sign-in
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>

      <section className="page-width" aria-labelledby="biz-steps-title">
        <h2 id="biz-steps-title" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className={styles.step}>
              <span className={styles.stepIcon} aria-hidden="true">
                <Icon />
              </span>
              <h3>
                <span className="visually-hidden">Step {index + 1}: </span>
                {title}
              </h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        id="claim"
        className={`page-width ${styles.claimSection}`}
        aria-labelledby="biz-claim-title"
      >
        <div>
          <h2 id="biz-claim-title" className={styles.sectionTitle}>
            Find your place
          </h2>
          <p className={styles.muted}>
            Search for your business, then claim it. It takes about two minutes.
          </p>
        </div>
        <LocationFinder source="biz" />
      </section>

      <section className={`page-width ${styles.pricing}`} aria-labelledby="biz-pricing-title">
        <div>
          <h2 id="biz-pricing-title" className={styles.sectionTitle}>
            One plan, when you want more
          </h2>
          <p className={styles.muted}>
            Claiming is free. The business profile adds what busy owners ask for.
          </p>
        </div>
        <PriceCard
          action="Start your profile"
          track="join the team"
          fine="Billed monthly by our payment partner. Cancel any time."
        />
      </section>

      <section className={`page-width ${styles.ownerBand}`} aria-labelledby="biz-owner-title">
        <h2 id="biz-owner-title">Already claimed your place?</h2>
        <p>Sign in to see your views, followers and shares.</p>
        <ButtonLink href={paths.bizSignIn()} variant="inverse">
          Sign in to your dashboard
        </ButtonLink>
      </section>
    </div>
  );
}
