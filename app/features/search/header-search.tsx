import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../paths';
import { SearchBox } from './search-box';
import styles from './header-search.module.css';

/**
 * Search from any page (issue 38, ADR 078): the header's search button opens a full-width bar
 * under the header with the home page's search box (its recent searches included), focused.
 * Escape or the close button closes it and gives the focus back to the button; a tap outside
 * or another page closes it too. The box is not rendered until asked for, so each page keeps
 * one search landmark and one combobox until the visitor wants a second. Without JavaScript the
 * button is a link to the results page, whose own box searches.
 */
export function HeaderSearch() {
  const sheetId = `${useId()}-header-search`;
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  // Another page (a chosen suggestion, Enter, Back) closes the sheet.
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    setOpen(false);
  }

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node) ||
      !(sheetRef.current?.contains(target) || triggerRef.current?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    // Tabbing past the sheet closes it: it covers the top of the page.
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setOpen((was) => !was);
  };

  return (
    <>
      <a
        ref={triggerRef}
        href={paths.search()}
        role="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? sheetId : undefined}
        data-testid="header-search-button"
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === ' ') toggle(event);
        }}
      >
        <Search aria-hidden="true" />
        <span className="visually-hidden-below-desktop">Search</span>
      </a>
      {open ? (
        <div
          ref={sheetRef}
          id={sheetId}
          className={styles.sheet}
          data-testid="header-search"
          onKeyDown={(event) => {
            // Escape on the close button; the box handles its own (ADR 078).
            if (event.key === 'Escape' && !event.defaultPrevented) close();
          }}
        >
          <div className={`page-width ${styles.sheetBar}`}>
            <SearchBox
              label="Search all of Spotreel"
              placeholder="Search spots, cuisines, cities"
              size="md"
              autoFocus
              onDismiss={close}
            />
            <button
              type="button"
              className={styles.close}
              aria-label="Close search"
              onClick={close}
            >
              <X aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
