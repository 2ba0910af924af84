import { LoaderCircle, MapPin, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResults } from '../../../contract/search';
import { browserReads } from '../../api/reads';
import { Button } from '../../components/ui/button';
import { useBusinessEntryDefault } from '../../flags';
import { useRootData } from '../../root-data';
import { SEARCH_DEBOUNCE_MS, searchableTerm } from '../../shared/search-query';
import { businessEntryTarget } from './business-entry';
import formStyles from '../../components/ui/form.module.css';
import styles from './business.module.css';
import { tracked } from '../../shared/tracked';

type Place = NonNullable<SearchResults['data']['locations']>[number];

/**
 * "Find your place, then claim it": a place search whose Claim buttons go where the business-entry
 * decision of spec §2.2 says (`source` is the utm_source of this entry).
 */
export function LocationFinder({
  source,
  label = 'Find your business',
}: {
  source: string;
  label?: string;
}) {
  const [term, setTerm] = useState('');
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [claiming, setClaiming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const resultsId = useId();
  const navigate = useNavigate();
  const config = useRootData()?.config;
  const defaultTarget = useBusinessEntryDefault();

  // What a new term means is set in the same event as the term (not by an effect a render later):
  // a search under way, or none (too short) and no places. The effect below asks after a pause.
  function changeTerm(next: string) {
    setTerm(next);
    const searchable = searchableTerm(next) !== null;
    setLoading(searchable);
    if (!searchable) setPlaces(null);
  }

  useEffect(() => {
    const query = searchableTerm(term);
    if (!query) return;
    let current = true;
    const timer = window.setTimeout(async () => {
      const answer = await browserReads().search(
        {},
        { search_type: 'global', term: query, include: 'locations', limit: 6 },
      );
      if (!current) return;
      setLoading(false);
      setPlaces(answer?.data.locations ?? []);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [term]);

  async function claim(place: Place) {
    setClaiming(place.clm_id);
    setError(null);
    const location = await browserReads().location({ id: place.clm_id });
    if (!location) {
      setClaiming(null);
      setError('We could not open that place just now. Try again.');
      return;
    }
    const target = businessEntryTarget({
      location,
      source,
      defaultTarget,
      claimSiteUrl: config?.claimBusinessUrl ?? '',
    });
    if (/^https?:/.test(target)) window.location.assign(target);
    else void navigate(target);
  }

  return (
    <div className={styles.finder}>
      <label htmlFor={inputId} className={styles.finderLabel}>
        {label}
      </label>
      <div className={styles.finderField}>
        <Search aria-hidden="true" />
        <input
          id={inputId}
          type="search"
          value={term}
          onChange={(event) => changeTerm(event.target.value)}
          placeholder="Business name, like Tacos Moreno"
          autoComplete="off"
          aria-controls={resultsId}
          aria-describedby={`${resultsId}-status`}
        />
        {loading ? <LoaderCircle className={formStyles.spin} aria-hidden="true" /> : null}
      </div>
      <p id={`${resultsId}-status`} className={styles.finderStatus} aria-live="polite">
        {places === null
          ? ''
          : places.length === 0
            ? `No listed place matches “${term.trim()}”. Not listed yet? Claim it with the form.`
            : `${places.length} ${places.length === 1 ? 'place' : 'places'} found`}
      </p>
      <ul id={resultsId} className={styles.finderResults}>
        {(places ?? []).map((place) => (
          <li key={place.clm_id}>
            <span className={styles.finderPlace}>
              <strong>{place.clm_name}</strong>
              <span>
                <MapPin aria-hidden="true" />
                {place.clm_address}, {place.clm_city}, {place.clm_state}
              </span>
            </span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void claim(place)}
              disabled={claiming !== null}
              aria-label={`Claim ${place.clm_name}, ${place.clm_address}`}
              {...tracked('Claim Business')}
            >
              {claiming === place.clm_id ? 'Opening…' : 'Claim'}
            </Button>
          </li>
        ))}
      </ul>
      {places !== null && places.length === 0 ? (
        <a
          className={styles.finderFallback}
          href={`/claim-business?${new URLSearchParams({ utm_source: source, position: 'Owner', businessName: term.trim() })}`}
        >
          Claim a place that is not listed
        </a>
      ) : null}
      <p className={formStyles.error} role="alert">
        {error}
      </p>
    </div>
  );
}
