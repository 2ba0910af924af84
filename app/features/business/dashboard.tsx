import { ExternalLink, MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { SUPER_CATEGORY_NAMES, type SuperCategory } from '../../../contract/super-categories';
import { LinkTabs } from '../../components/ui/tabs';
import { VideoGrid } from '../../components/ui/video-grid';
import { paths } from '../../paths';
import type { DashboardTab } from '../../route-sets';
import { useAuth } from '../../shared/auth/auth';
import { SignInPanel } from '../../shared/auth/sign-in-panel';
import { BusinessBar } from './business-bar';
import { dashboardHref, type DashboardData } from './dashboard-data';
import { GrowthTab } from './growth-tab';
import { InfoTab } from './info-tab';
import { KpiCards } from './kpi-cards';
import { LocationFinder } from './location-finder';
import styles from './business.module.css';

const TABS: { tab: DashboardTab; label: string }[] = [
  { tab: 'overview', label: 'Overview' },
  { tab: 'info', label: 'Info' },
  { tab: 'growth', label: 'Growth' },
];

/** biz/dashboard (spec §2.2, §4): one screen with three tabs, for the signed-in owner. */
export function Dashboard({ data, tab }: { data: DashboardData; tab: DashboardTab }) {
  const { user } = useAuth();
  // spec §4: when signed out, all dashboard data is reset
  if (!user || data.state === 'signed-out') return <SignedOut />;
  if (data.state === 'onboarding' || user.businesses.length === 0) return <Onboarding />;
  return <Ready data={data} tab={tab} />;
}

function SignedOut() {
  const headingId = useId();
  const { setUser } = useAuth();
  const { revalidate } = useRevalidator();
  return (
    <>
      <BusinessBar />
      <div className={`page-width ${styles.narrowPage}`}>
        <div className={styles.signInCard}>
          <SignInPanel
            headingId={headingId}
            headingLevel={1}
            title="Sign in to your dashboard"
            lead="See how people find your business: views, followers and shares."
            onSignedIn={(next) => {
              setUser(next);
              void revalidate();
            }}
          />
        </div>
      </div>
    </>
  );
}

function Onboarding() {
  return (
    <>
      <BusinessBar />
      <div className={`page-width ${styles.narrowPage}`}>
        <p className={styles.eyebrow}>Welcome</p>
        <h1>Let’s find your business</h1>
        <p className={styles.muted}>
          Your account does not run a place on Spotreel yet. Find yours and claim it; once we have
          checked the claim, its dashboard opens here.
        </p>
        <LocationFinder source="dashboard" label="Search for your business" />
      </div>
    </>
  );
}

function Ready({
  data,
  tab,
}: {
  data: Extract<DashboardData, { state: 'ready' }>;
  tab: DashboardTab;
}) {
  const navigate = useNavigate();
  const switcherId = useId();
  const { user, selected, location } = data;
  return (
    <>
      <BusinessBar>
        <label htmlFor={switcherId} className="visually-hidden">
          Business
        </label>
        <select
          id={switcherId}
          className={styles.switcher}
          value={selected}
          onChange={(event) =>
            void navigate(dashboardHref(tab, Number(event.target.value), data.range))
          }
        >
          {user.businesses.map((business) => (
            <option key={business.clm_id} value={business.clm_id}>
              {business.clm_name} · {business.clm_city}
            </option>
          ))}
        </select>
      </BusinessBar>
      <div className={`page-width ${styles.dashboard}`}>
        <header className={styles.dashHeader}>
          <div>
            <p className={styles.eyebrow}>Your business</p>
            <h1>{location?.clm_name ?? 'Your business'}</h1>
            {location ? (
              <p className={styles.muted}>
                <MapPin aria-hidden="true" className={styles.inlineIcon} />
                {location.clm_address}, {location.clm_city}, {location.clm_state}
              </p>
            ) : null}
          </div>
          {location ? (
            <Link
              className={styles.publicLink}
              to={paths.locationInCity(location.city_slug, location.clm_slug)}
              reloadDocument
            >
              View public page <ExternalLink aria-hidden="true" />
            </Link>
          ) : null}
        </header>
        <LinkTabs
          label="Dashboard"
          tabs={TABS.map(({ tab: id, label }) => ({
            to: dashboardHref(id, selected, id === 'growth' ? data.range : undefined),
            label,
            active: id === tab,
          }))}
        />
        <div className={styles.tabPanel}>
          {tab === 'overview' ? <Overview data={data} /> : null}
          {tab === 'info' ? <InfoTab key={selected} info={data.info} location={location} /> : null}
          {tab === 'growth' ? <GrowthTab data={data} /> : null}
        </div>
      </div>
    </>
  );
}

const number = new Intl.NumberFormat('en-US');

function Overview({ data }: { data: Extract<DashboardData, { state: 'ready' }> }) {
  const { location, videos, growth } = data;
  return (
    <>
      <section aria-labelledby="dash-kpi-title">
        <h2 id="dash-kpi-title" className={styles.panelTitle}>
          Last 30 days
        </h2>
        {growth ? (
          <KpiCards growth={growth} />
        ) : (
          <p className={styles.muted}>Counts are not available right now.</p>
        )}
      </section>
      {location ? (
        <section aria-labelledby="dash-listing-title" className={styles.listing}>
          <h2 id="dash-listing-title" className={styles.panelTitle}>
            Your listing as visitors see it
          </h2>
          <div className={styles.listingCard}>
            <p className={styles.listingName}>{location.clm_name}</p>
            <p className={styles.muted}>
              {location.clm_label} · {location.clm_neighborhood}, {location.clm_city}
            </p>
            <ul className={styles.chips}>
              {location.super_categories.map((category) => (
                <li key={category}>
                  {SUPER_CATEGORY_NAMES[category as SuperCategory] ?? category}
                </li>
              ))}
              {location.tags.categories.slice(0, 4).map((tag) => (
                <li key={tag.safe_name}>{tag.name}</li>
              ))}
            </ul>
            <p className={styles.listingMeta}>
              {number.format(location.follower_count)} followers ·{' '}
              {number.format(location.review_count)} videos
            </p>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="dash-videos-title">
        <h2 id="dash-videos-title" className={styles.panelTitle}>
          Latest videos
        </h2>
        {videos && videos.data.length > 0 ? (
          <VideoGrid
            reviews={videos.data}
            label={`Videos of ${location?.clm_name ?? 'your place'}`}
          />
        ) : (
          <p className={styles.muted}>
            No videos of your place yet. Locals film new spots every week.
          </p>
        )}
      </section>
    </>
  );
}
