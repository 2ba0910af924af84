import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { tracked } from '../shared/tracked';
import { openConsentSettings } from '../features/analytics/consent';
import type { TrackedLabel } from '../../contract/analytics-events';
import { paths } from '../paths';
import { useRootData } from '../root-data';
import { useFullLoad } from '../use-full-load';
import { Logo } from '../components/ui/logo';
import styles from './site-footer.module.css';

const SOCIAL_ICONS = {
  instagram:
    'M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.4 5.6 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.6 18.4 4 16.4 4H7.6m9.6 1.5a1.3 1.3 0 1 1 0 2.5 1.3 1.3 0 0 1 0-2.5M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10m0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  tiktok:
    'M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-2.6-2.6c.3 0 .5 0 .8.1V9.7a5.8 5.8 0 1 0 5 5.7V9a7.3 7.3 0 0 0 4.3 1.4V7.3a4.3 4.3 0 0 1-3.3-1.5z',
  youtube:
    'M10 15l5.2-3L10 9v6m11.6-7.8c.1.9.2 2.1.3 3.6v2.1c-.1 1.5-.2 2.7-.3 3.6-.2.8-.8 1.4-1.6 1.6-.9.2-2.5.3-4.9.4L12 19c-4.2 0-6.8-.2-7.8-.4-.8-.2-1.4-.8-1.6-1.6-.1-.9-.2-2.1-.3-3.6v-2.1c.1-1.5.2-2.7.3-3.6.2-.8.8-1.4 1.6-1.6.9-.2 2.5-.3 4.9-.4L12 5c4.2 0 6.8.2 7.8.4.8.2 1.4.8 1.6 1.6z',
  x: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.3l4.4 5.9L17.8 3m-1.1 16.2h1.7L7.3 4.7H5.5l11.2 14.5z',
  facebook:
    'M14 13.5h2.5l1-4H14v-2c0-1 0-2 2-2h1.5V2.1c-.3 0-1.6-.1-2.9-.1C11.8 2 10 3.7 10 6.7v2.8H7v4h3V22h4v-8.5z',
} as const;
const SOCIAL_NAMES: Record<keyof typeof SOCIAL_ICONS, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  facebook: 'Facebook',
};

/** An in-app footer link; one into another route set (business, campaigns) loads a new page. */
function FooterLink({
  to,
  track,
  children,
}: {
  to: string;
  track?: TrackedLabel;
  children: ReactNode;
}) {
  const fullLoad = useFullLoad();
  return (
    <Link to={to} reloadDocument={fullLoad(to)} {...(track ? tracked(track) : {})}>
      {children}
    </Link>
  );
}

/** spec §2.5 footer: four link columns, social icons and © 2024. */
export function SiteFooter() {
  const root = useRootData();
  if (!root) return null;
  const { companyLinks, socialLinks } = root.config;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <footer className={styles.footer}>
      <div className={`page-width ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo tone="paper" />
          <p className={styles.tagline}>
            Find your next favourite spot, filmed by the locals who love it.
          </p>
          <ul className={styles.social} aria-label="Spotreel on social media">
            {(Object.keys(SOCIAL_ICONS) as (keyof typeof SOCIAL_ICONS)[]).map((key) => (
              <li key={key}>
                <a
                  href={socialLinks[key]}
                  {...external}
                  aria-label={`Spotreel on ${SOCIAL_NAMES[key]}`}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path fill="currentColor" d={SOCIAL_ICONS[key]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-product" className={styles.column}>
          <h2 id="footer-product">Spotreel</h2>
          <ul>
            <li>
              <FooterLink to={paths.home()}>Discover spots</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.feed()}>Watch the feed</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.biz()} track="Biz Owners">
                Biz Owners
              </FooterLink>
            </li>
            <li>
              <FooterLink to={paths.homeSection('brands')}>For brands</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.homeSection('partners')}>Partners</FooterLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources" className={styles.column}>
          <h2 id="footer-resources">Resources</h2>
          <ul>
            <li>
              <a href={companyLinks.careers} {...external}>
                Careers
              </a>
            </li>
            <li>
              <a href={companyLinks.press} {...external}>
                Press kit
              </a>
            </li>
            <li>
              <a href={companyLinks.terms} {...external}>
                Terms
              </a>
            </li>
            <li>
              <a href={companyLinks.privacy} {...external}>
                Privacy
              </a>
            </li>
            <li>
              <a href={companyLinks.support} {...external}>
                Support
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-community" className={styles.column}>
          <h2 id="footer-community">Community</h2>
          <ul>
            <li>
              <FooterLink to={paths.creators()}>Become a creator</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.communityRound()}>Community round</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.scholarship()}>Veterans scholarship</FooterLink>
            </li>
            <li>
              <FooterLink to={paths.sweepstakes()}>Giveaway</FooterLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-trending" className={`${styles.column} ${styles.trending}`}>
          <h2 id="footer-trending">Trending restaurants</h2>
          <ul>
            {root.trending.map((place) => (
              <li key={place.clm_id}>
                <FooterLink to={paths.locationInCity(place.city_slug, place.clm_slug)}>
                  {place.clm_name} <span className={styles.city}>· {place.clm_city}</span>
                </FooterLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`page-width ${styles.legal}`}>
        <p>© 2024 Spotreel. All rights reserved.</p>
        {root.config.analytics.consentRequired ? (
          <button type="button" className={styles.consent} onClick={openConsentSettings}>
            Cookie choices
          </button>
        ) : null}
      </div>
    </footer>
  );
}
