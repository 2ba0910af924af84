import type { ClaimStatus } from '../../contract/business';
import { lazyChunk } from '../chunk-reload';
import { BusinessSignIn } from '../features/business/business-sign-in';
import { claimPrefill, type ClaimPrefill } from '../features/business/claim-prefill';
import { loadDashboard, type DashboardData } from '../features/business/dashboard-data';
import { paths } from '../paths';
import type { ScreenId } from '../route-sets';
import { defineScreen } from './screen-module';

// The business area's code loads with its pages only: consumer pages do not ship it.
const BusinessLanding = lazyChunk(() =>
  import('../features/business/business-landing').then((m) => ({ default: m.BusinessLanding })),
);
const ClaimForm = lazyChunk(() =>
  import('../features/business/claim-form').then((m) => ({ default: m.ClaimForm })),
);
const ClaimComplete = lazyChunk(() =>
  import('../features/business/claim-form').then((m) => ({ default: m.ClaimComplete })),
);
const VerifyBusiness = lazyChunk(() =>
  import('../features/business/verify').then((m) => ({ default: m.VerifyBusiness })),
);
const VerifyCheckout = lazyChunk(() =>
  import('../features/business/verify').then((m) => ({ default: m.VerifyCheckout })),
);
const Dashboard = lazyChunk(() =>
  import('../features/business/dashboard').then((m) => ({ default: m.Dashboard })),
);

type BusinessData =
  | { kind: 'page' }
  | { kind: 'claim'; prefill: ClaimPrefill }
  | { kind: 'claim-complete'; claim: ClaimStatus | null }
  | { kind: 'verify'; source: string }
  | { kind: 'dashboard'; dashboard: DashboardData };

const META: Partial<Record<ScreenId, { title: string; description: string }>> = {
  'biz-landing': {
    title: 'Spotreel for businesses',
    description:
      'Get videos from top local creators, claim your listing and see how people find you.',
  },
  'biz-claim': {
    title: 'Claim your business',
    description: 'Tell us who you are and which place is yours.',
  },
  'biz-claim-complete': {
    title: 'Your claim is in',
    description: 'We check every claim and email you within two business days.',
  },
  'biz-sign-in': {
    title: 'Sign in to your business',
    description: 'Use the account you claimed your listing with.',
  },
  'biz-dashboard': {
    title: 'Your business dashboard',
    description: 'Views, followers and shares of your listing.',
  },
  'verify-business': {
    title: 'Verify your business',
    description: 'A short call confirms you run this place.',
  },
  'verify-business-checkout': {
    title: 'Your business profile',
    description: 'One monthly plan, cancel any time.',
  },
};

/** The business area (spec §2.2): every screen of the business route set. */
export const screen = defineScreen<BusinessData>({
  load: async ({ screen, url, reads }) => {
    switch (screen.id) {
      case 'biz-claim':
        return { kind: 'claim', prefill: claimPrefill(url.searchParams) };
      case 'biz-claim-complete': {
        // Only the claim its receipt names (the claim form's answer) is confirmed: a made-up
        // address (?business=Anything) confirms nothing.
        const receipt = url.searchParams.get('claim');
        const claim = receipt ? await reads.claimReceipt({ receipt }) : null;
        return { kind: 'claim-complete', claim };
      }
      case 'verify-business':
        return { kind: 'verify', source: url.searchParams.get('utm_source') ?? '' };
      case 'biz-dashboard':
        return {
          kind: 'dashboard',
          dashboard: await loadDashboard(reads, url, screen.dashboardTab ?? 'overview'),
        };
      default:
        return { kind: 'page' };
    }
  },
  meta: (data, screen) => {
    if (data.kind === 'claim-complete' && !data.claim)
      return {
        title: 'No claim found · Spotreel',
        description: 'This address names no claim. Claim your business to get one.',
        status: 404,
      };
    const copy = META[screen.id] ?? META['biz-landing']!;
    return {
      title: `${copy.title} · Spotreel`,
      description: copy.description,
      canonicalPath: screen.id === 'biz-landing' ? paths.biz() : undefined,
      // spec §2.2: any other path shows the business landing, as a 404 (ADR 031)
      ...(screen.unknownPath ? { status: 404 } : {}),
    };
  },
  Screen: ({ data, screen }) => {
    if (screen.id === 'biz-sign-in') return <BusinessSignIn />;
    // No Suspense boundary of its own: a part still on its way holds the whole screen's
    // (routes/screen.tsx), so the screen is React's all at once (ADR 055).
    return businessScreen(data, screen.id, screen.dashboardTab);
  },
});

function businessScreen(
  data: BusinessData,
  id: ScreenId,
  tab: 'overview' | 'info' | 'growth' | undefined,
) {
  switch (id) {
    case 'biz-claim':
      return data.kind === 'claim' ? <ClaimForm prefill={data.prefill} /> : null;
    case 'biz-claim-complete':
      return <ClaimComplete claim={data.kind === 'claim-complete' ? data.claim : null} />;
    case 'verify-business':
      return <VerifyBusiness source={data.kind === 'verify' ? data.source : ''} />;
    case 'verify-business-checkout':
      return <VerifyCheckout />;
    case 'biz-dashboard':
      return data.kind === 'dashboard' ? (
        <Dashboard data={data.dashboard} tab={tab ?? 'overview'} />
      ) : null;
    default:
      return <BusinessLanding />;
  }
}
