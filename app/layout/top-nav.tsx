import { Menu, Smartphone, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { useAppInstall } from '../features/app-install/app-install';
import { HeaderSearch } from '../features/search/header-search';
import { AccountControl } from '../shared/auth/account-control';
import { paths } from '../paths';
import { useFullLoad } from '../use-full-load';
import { Button } from '../components/ui/button';
import { inertOutside } from '../components/ui/inert-outside';
import { Logo } from '../components/ui/logo';
import styles from './top-nav.module.css';
import { tracked } from '../shared/tracked';

/**
 * spec §2.5: Brands and Partners scroll to their section, or go home with the hash — a full page
 * load when this route set would not show the home page there (the business area), so that the
 * hash survives and the home page's first load decides its set.
 */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/**
 * The open mobile menu holds the page like a modal: the rest is inert, Tab goes round its links
 * and its toggle, Escape closes it and gives the focus back to the toggle, a tap elsewhere
 * closes it; a window that grows past the phone width closes it too.
 */
function useMenuModal(
  open: boolean,
  close: () => void,
  nav: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    const menu = nav.current;
    const button = toggle.current;
    if (!open || !menu || !button) return;
    const phone = window.matchMedia('(max-width: 767px)');
    if (!phone.matches) {
      close();
      return;
    }
    const restore = inertOutside([menu, button]);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.focus();
        return;
      }
      if (event.key !== 'Tab') return;
      // The toggle comes after the links: from it Tab goes back to the first link, and
      // Shift+Tab from the first link to it (the page between is inert).
      const first = menu.querySelector('a');
      if (!event.shiftKey && document.activeElement === button && first) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        button.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.contains(target) && !button.contains(target)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    phone.addEventListener('change', close);
    return () => {
      restore();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      phone.removeEventListener('change', close);
    };
  }, [open, close, nav, toggle]);
}

/**
 * spec §2.5 top navigation: logo, Product, Businesses, Brands, Partners, Creators and the
 * get-the-app button; on mobile the links hide behind a menu button; `compact` shows the
 * logo only. Search from any page (ADR 078) opens from the header at every width.
 */
export function TopNav({
  compact = false,
  hideOnDesktop = false,
}: {
  compact?: boolean;
  hideOnDesktop?: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useMenuModal(menuOpen, closeMenu, navRef, toggleRef);
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
        <Logo markOnlyWhenNarrow />
        <nav
          ref={navRef}
          id="site-nav"
          aria-label="Main"
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
        >
          <NavLink
            to={paths.home()}
            reloadDocument={fullLoad(paths.home())}
            end
            className={styles.link}
            onClick={closeMenu}
          >
            Product
          </NavLink>
          <NavLink
            to={paths.biz()}
            reloadDocument={fullLoad(paths.biz())}
            className={styles.link}
            onClick={closeMenu}
          >
            Businesses
          </NavLink>
          <Link
            to={paths.homeSection('brands')}
            reloadDocument={fullLoad(paths.home())}
            className={styles.link}
            onClick={(e) => {
              closeMenu();
              scrollToSection(e, 'brands');
            }}
          >
            Brands
          </Link>
          <Link
            to={paths.homeSection('partners')}
            reloadDocument={fullLoad(paths.home())}
            className={styles.link}
            onClick={(e) => {
              closeMenu();
              scrollToSection(e, 'partners');
            }}
          >
            Partners
          </Link>
          <NavLink
            to={paths.creators()}
            reloadDocument={fullLoad(paths.creators())}
            className={styles.link}
            onClick={closeMenu}
          >
            Creators
          </NavLink>
        </nav>
        <div className={styles.actions}>
          <HeaderSearch />
          <AccountControl />
          <Button
            size="sm"
            className={styles.appButton}
            icon={<Smartphone aria-hidden="true" />}
            onClick={() => request('get-app')}
            {...tracked('Get the app')}
          >
            <span className="visually-hidden-below-1024">Get the app</span>
          </Button>
          <button
            ref={toggleRef}
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
