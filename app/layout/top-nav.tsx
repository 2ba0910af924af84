import { Menu, Smartphone, X } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { useAppInstall } from '../features/app-install/app-install';
import { AccountControl } from '../shared/auth/account-control';
import { paths } from '../paths';
import { useFullLoad } from '../use-full-load';
import { Button } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import styles from './top-nav.module.css';
import { tracked } from '../shared/tracked';

/** spec §2.5: Brands and Partners scroll to their section, or go home with the hash. */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/**
 * spec §2.5 top navigation: logo, Product, Businesses, Brands, Partners, Creators and the
 * get-the-app button; on mobile the links hide behind a menu button; `compact` shows the
 * logo only.
 */
export function TopNav({
  compact = false,
  hideOnDesktop = false,
}: {
  compact?: boolean;
  hideOnDesktop?: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { request } = useAppInstall();
  const fullLoad = useFullLoad();
  const className = [styles.header, hideOnDesktop ? styles.hideOnDesktop : ''].join(' ');

  if (compact) {
    return (
      <header className={className} data-testid="top-nav" data-mode="compact">
        <div className={`page-width ${styles.bar}`}>
          <Logo />
        </div>
      </header>
    );
  }

  return (
    <header className={className} data-testid="top-nav" data-mode="full">
      <div className={`page-width ${styles.bar}`}>
        <Logo />
        <nav
          id="site-nav"
          aria-label="Main"
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
        >
          <NavLink
            to={paths.home()}
            reloadDocument={fullLoad(paths.home())}
            end
            className={styles.link}
            onClick={() => setMenuOpen(false)}
          >
            Product
          </NavLink>
          <NavLink
            to={paths.biz()}
            reloadDocument={fullLoad(paths.biz())}
            className={styles.link}
            onClick={() => setMenuOpen(false)}
          >
            Businesses
          </NavLink>
          <Link
            to={paths.homeSection('brands')}
            className={styles.link}
            onClick={(e) => scrollToSection(e, 'brands')}
          >
            Brands
          </Link>
          <Link
            to={paths.homeSection('partners')}
            className={styles.link}
            onClick={(e) => scrollToSection(e, 'partners')}
          >
            Partners
          </Link>
          <NavLink
            to={paths.creators()}
            reloadDocument={fullLoad(paths.creators())}
            className={styles.link}
            onClick={() => setMenuOpen(false)}
          >
            Creators
          </NavLink>
        </nav>
        <div className={styles.actions}>
          <AccountControl />
          <Button
            size="sm"
            className={styles.appButton}
            icon={<Smartphone aria-hidden="true" />}
            onClick={() => request('get-app')}
            {...tracked('Get the app')}
          >
            <span className={styles.appLabel}>Get the app</span>
          </Button>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
    </header>
  );
}
