import { PageHeader } from '../components/layout/page-header';
import { ButtonLink } from '../components/ui/button';
import { BusinessSignIn } from '../features/business/business-sign-in';
import { paths } from '../paths';
import type { ScreenId } from '../route-sets';
import { defineScreen } from './screen-module';
import styles from './screens.module.css';

/** The business area's screens (spec §2.2); issue 6 builds them out inside these layouts. */
const TITLES: Partial<Record<ScreenId, { title: string; lead: string }>> = {
  'biz-landing': {
    title: 'Spotreel for businesses',
    lead: 'Get videos from top local creators, claim your listing and see how people find you.',
  },
  'biz-claim': {
    title: 'Claim your business',
    lead: 'Tell us who you are and which place is yours.',
  },
  'biz-claim-complete': {
    title: 'Thanks — your claim is in',
    lead: 'We will check it and get back to you by email.',
  },
  'biz-sign-in': {
    title: 'Sign in to your business',
    lead: 'Use the account you claimed your listing with.',
  },
  'biz-dashboard': {
    title: 'Your business dashboard',
    lead: 'Views, followers and shares of your listing.',
  },
  'verify-business': {
    title: 'Verify your business',
    lead: 'A short call confirms you run this place.',
  },
  'verify-business-checkout': {
    title: 'Your business profile',
    lead: 'One monthly plan, cancel any time.',
  },
};

export const screen = defineScreen<null>({
  load: async () => null,
  meta: (_data, screen) => {
    const copy = TITLES[screen.id] ?? TITLES['biz-landing']!;
    return {
      title: `${copy.title} · Spotreel`,
      description: copy.lead,
      canonicalPath: screen.id === 'biz-landing' ? paths.biz() : undefined,
    };
  },
  Screen: ({ screen }) => {
    if (screen.id === 'biz-sign-in') return <BusinessSignIn />;
    const copy = TITLES[screen.id] ?? TITLES['biz-landing']!;
    return (
      <div className={styles.placeholder}>
        <PageHeader eyebrow="Spotreel for businesses" title={copy.title} lead={copy.lead}>
          {screen.id === 'biz-landing' ? (
            <div>
              <ButtonLink href={paths.bizSignIn()} variant="secondary">
                Business sign-in
              </ButtonLink>
            </div>
          ) : null}
        </PageHeader>
      </div>
    );
  },
});
