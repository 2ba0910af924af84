import { Building2, History, LoaderCircle, MapPin, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FocusEvent, FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResults } from '../../../contract/search';
import { browserReads } from '../../api/reads';
import { Avatar } from '../../components/ui/avatar';
import { paths } from '../../paths';
import { MAX_TERM_LENGTH } from '../../search-params';
import { SEARCH_DEBOUNCE_MS, searchableTerm } from '../../shared/search-query';
import { useFullLoad } from '../../use-full-load';
import { readRecentSearches, rememberSearch } from './recent-searches';
import {
  buildRecentOptions,
  buildSearchOptions,
  highlightMatch,
  moveActiveIndex,
  noResultsMessage,
  searchPlaceholder,
  wonderSearchQuery,
  type SearchOption,
} from './search-results';
import styles from './search-box.module.css';

/** The latest settled answer: data null when the call failed. */
interface Answer {
  term: string;
  data: SearchResults['data'] | null;
}

const NO_DATA: SearchResults['data'] = {};

/**
 * Search across places, cities, locals and videos: a WAI-ARIA 1.2 combobox with a grouped
 * listbox popup. Enter without a chosen option opens the results page (ADR 036): a plain GET
 * form, so it works before (and without) JavaScript too. Empty and focused, it offers the
 * visitor's recent searches (ADR 078). Nothing is read from `window` while rendering and calls
 * run in effects and handlers only, so the server and the first client render match.
 */
export function SearchBox({
  label = 'Search Spotreel',
  placeholder = 'Search places, cuisines, locals or cities',
  scopeCity,
  size = 'lg',
  autoFocus,
  initialValue = '',
  onDismiss,
}: {
  label?: string;
  placeholder?: string;
  /**
   * On a city page: named in the placeholder and ranked first in the suggestions (they stay
   * global); Enter opens the results in that city.
   */
  scopeCity?: { name: string; stateSlug: string; citySlug: string };
  size?: 'md' | 'lg';
  autoFocus?: boolean;
  /** The words already searched (the results page). */
  initialValue?: string;
  /**
   * Escape with no popup open: the box's container closes (the header's search sheet) instead
   * of the box being cleared.
   */
  onDismiss?: () => void;
}) {
  const navigate = useNavigate();
  const fullLoad = useFullLoad();
  const idBase = useId();
  const inputId = `${idBase}-input`;
  const listboxId = `${idBase}-listbox`;
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [value, setValue] = useState(initialValue);
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [attempt, setAttempt] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);

  const term = searchableTerm(value);
  const scopeCityName = scopeCity?.name;
  const scopeState = scopeCity?.stateSlug;
  const scopeSlug = scopeCity?.citySlug;
  const scope = useMemo(
    () => (scopeState && scopeSlug ? { stateSlug: scopeState, citySlug: scopeSlug } : undefined),
    [scopeState, scopeSlug],
  );
  const showingRecent = value.trim() === '' && recent.length > 0;

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // Debounced, and only while the list is open: a search sent with Enter, or words a page
  // starts with (the results page's), ask nothing until someone opens the list. A newer term,
  // closing (or unmount) marks the pending call stale, so only the latest term's answer is ever
  // shown. The API client takes no AbortSignal, so stale calls finish and are ignored.
  useEffect(() => {
    if (term === null || !open) return;
    let live = true;
    const timer = setTimeout(() => {
      void browserReads()
        .search({}, wonderSearchQuery(term))
        .then((results) => {
          if (!live) return;
          setAnswer({ term, data: results?.data ?? null });
          setActiveIndex(-1);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, attempt, open]);

  const list = useMemo(
    () =>
      showingRecent
        ? buildRecentOptions(recent, `${idBase}-option`, scope)
        : buildSearchOptions(answer?.data ?? NO_DATA, `${idBase}-option`, scopeCityName),
    [showingRecent, recent, scope, answer, idBase, scopeCityName],
  );

  const settled = term !== null && answer?.term === term ? answer : null;
  // Only an open list asks (above): closed, words without an answer are not loading.
  const loading = open && term !== null && settled === null;
  const failed = settled !== null && settled.data === null;
  // While the next answer loads, the previous results stay, dimmed, instead of flickering away.
  const showList = showingRecent || (term !== null && !failed && list.options.length > 0);
  const message: 'loading' | 'failed' | 'none' | null =
    term === null
      ? null
      : failed
        ? 'failed'
        : settled && list.options.length === 0
          ? 'none'
          : loading && !showList
            ? 'loading'
            : null;
  const popupVisible = open && (showList || message !== null);
  const expanded = popupVisible && showList;
  const activeOption = expanded ? list.options[activeIndex] : undefined;

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(activeOption.id)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  /** A client navigation, or a full load where the address leaves this first load's route set. */
  function go(href: string) {
    if (fullLoad(href)) window.location.assign(href);
    else void navigate(href);
  }

  function choose(option: SearchOption) {
    if (option.group === 'recent') rememberSearch(option.title);
    setOpen(false);
    setActiveIndex(-1);
    // Hides the on-screen keyboard on phones.
    inputRef.current?.blur();
    go(option.href);
  }

  function openPopup() {
    setRecent(readRecentSearches());
    setOpen(true);
  }

  /** Enter without a chosen option: the results page for the words (in the city, on a city page). */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const words = value.trim();
    if (words === '') return;
    rememberSearch(words);
    setOpen(false);
    setActiveIndex(-1);
    inputRef.current?.blur();
    go(paths.results({ q: words }, scope));
  }

  function clear() {
    setValue('');
    setAnswer(null);
    setActiveIndex(-1);
    inputRef.current?.focus();
  }

  function retry() {
    setAnswer(null);
    setAttempt((n) => n + 1);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Keys that confirm an input method's composition are not ours.
    if (event.nativeEvent.isComposing) return;
    const count = list.options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (term === null && !showingRecent) return;
        event.preventDefault();
        const move = event.key === 'ArrowDown' ? 'next' : 'previous';
        if (!open) openPopup();
        if (showList) setActiveIndex(moveActiveIndex(expanded ? activeIndex : -1, move, count));
        return;
      }
      case 'Home':
      case 'End':
        // Only once an option is active; otherwise they move the caret as usual.
        if (!activeOption) return;
        event.preventDefault();
        setActiveIndex(
          moveActiveIndex(activeIndex, event.key === 'Home' ? 'first' : 'last', count),
        );
        return;
      case 'Enter':
        if (!activeOption) return;
        event.preventDefault();
        choose(activeOption);
        return;
      case 'Escape':
        // First Escape closes the popup, a second one clears the box.
        if (popupVisible) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (onDismiss) {
          event.preventDefault();
          onDismiss();
        } else if (value !== '') {
          event.preventDefault();
          clear();
        }
        return;
    }
  }

  // Closes when focus leaves the whole box; the clear and retry buttons keep it open.
  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
    setOpen(false);
    setActiveIndex(-1);
  }

  const resultCount = list.options.length;
  const announcement = showingRecent
    ? `${resultCount} recent ${resultCount === 1 ? 'search' : 'searches'}. Use the up and down arrows to browse.`
    : settled === null
      ? ''
      : failed
        ? 'Search isn’t answering just now.'
        : resultCount === 0
          ? noResultsMessage(settled.term)
          : `${resultCount} ${resultCount === 1 ? 'result' : 'results'}. Use the up and down arrows to browse.`;

  return (
    <form
      ref={rootRef}
      role="search"
      method="get"
      aria-label={label}
      action={scope ? paths.city(scope.stateSlug, scope.citySlug) : paths.home()}
      className={`${styles.root} ${size === 'lg' ? styles.lg : styles.md}`}
      onBlur={onBlur}
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <div className={styles.field}>
        <Search className={styles.searchIcon} aria-hidden="true" />
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption?.id}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          inputMode="search"
          enterKeyHint="search"
          maxLength={MAX_TERM_LENGTH}
          placeholder={searchPlaceholder(placeholder, scopeCity)}
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            setOpen(true);
            setActiveIndex(-1);
            // Below the threshold the old answer is dropped, so it never flashes back later.
            if (searchableTerm(next) === null) setAnswer(null);
          }}
          onFocus={openPopup}
          onKeyDown={onKeyDown}
        />
        {loading ? <LoaderCircle className={styles.spinner} aria-hidden="true" /> : null}
        {value !== '' ? (
          <button
            type="button"
            className={styles.clear}
            aria-label="Clear search"
            onMouseDown={(event) => event.preventDefault()}
            onClick={clear}
          >
            <X aria-hidden="true" />
          </button>
        ) : null}
      </div>

      <div className={styles.popup} hidden={!popupVisible}>
        <div
          role="listbox"
          id={listboxId}
          aria-label="Search suggestions"
          aria-busy={loading && showList}
          className={styles.listbox}
          hidden={!showList}
        >
          {showList
            ? list.groups.map((group) => (
                <div
                  key={group.key}
                  role="group"
                  aria-labelledby={group.labelId}
                  className={styles.group}
                >
                  <div role="presentation" id={group.labelId} className={styles.groupLabel}>
                    {group.label}
                  </div>
                  {group.options.map((option) => (
                    <div
                      key={option.id}
                      id={option.id}
                      role="option"
                      aria-selected={option.index === activeIndex}
                      className={styles.option}
                      // Keeps focus in the input, so the blur does not close the popup first.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                    >
                      <OptionArt option={option} />
                      <span className={styles.text}>
                        <span className={option.group === 'videos' ? styles.caption : styles.title}>
                          <Highlighted
                            text={option.title}
                            term={showingRecent ? '' : (answer?.term ?? '')}
                          />
                        </span>
                        {option.detail ? (
                          <span className={styles.detail}>{option.detail}</span>
                        ) : null}
                      </span>
                    </div>
                  ))}
                </div>
              ))
            : null}
        </div>
        {message === 'loading' && term !== null ? (
          <p className={styles.message}>
            <LoaderCircle className={styles.spinner} aria-hidden="true" />
            Looking for “{term}”…
          </p>
        ) : null}
        {message === 'none' && settled ? (
          <p className={styles.message}>{noResultsMessage(settled.term)}</p>
        ) : null}
        {message === 'failed' ? (
          <p className={styles.message}>
            Search isn’t answering just now.
            <button
              type="button"
              className={styles.retry}
              onMouseDown={(event) => event.preventDefault()}
              onClick={retry}
            >
              Try again
            </button>
          </p>
        ) : null}
      </div>

      <div role="status" className="visually-hidden">
        {open ? announcement : ''}
      </div>
    </form>
  );
}

function OptionArt({ option }: { option: SearchOption }) {
  switch (option.group) {
    case 'locals':
      return option.image ? (
        <Avatar src={option.image} name="" size={40} />
      ) : (
        <span className={`${styles.art} ${styles.round}`} aria-hidden="true" />
      );
    case 'videos':
      return option.image ? (
        <img
          className={styles.poster}
          src={option.image}
          alt=""
          width={32}
          height={56}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.poster} aria-hidden="true" />
      );
    case 'places':
      return option.image ? (
        <img
          className={styles.art}
          src={option.image}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={`${styles.art} ${styles.placeArt}`} aria-hidden="true">
          <MapPin />
        </span>
      );
    case 'cities':
      return (
        <span className={`${styles.art} ${styles.cityArt}`} aria-hidden="true">
          <Building2 />
        </span>
      );
    case 'recent':
      return (
        <span className={`${styles.art} ${styles.recentArt}`} aria-hidden="true">
          <History />
        </span>
      );
  }
}

/** The part of a result that matches the term, in bold. */
function Highlighted({ text, term }: { text: string; term: string }) {
  const parts = highlightMatch(text, term);
  if (!parts) return text;
  return (
    <>
      {parts.before}
      <strong className={styles.match}>{parts.match}</strong>
      {parts.after}
    </>
  );
}
