import { NotFound } from '../../components/ui/page-header';
import type { LoadedResults } from './load-results';
import { ResultsPage } from './results-page';
import { SearchBox } from './search-box';
import { TopicOffer } from './topic-offer';

/** The results page with its search box, or "not found" for a city route of no city. */
export function ResultsView({ data }: { data: LoadedResults }) {
  if ('missingCity' in data) return <NotFound what="city" />;
  const scopeCity = data.city
    ? { name: data.city.clm_city, stateSlug: data.city.state_slug, citySlug: data.city.city_slug }
    : undefined;
  return (
    <ResultsPage
      data={data}
      search={
        <>
          <SearchBox
            key={data.query.q}
            initialValue={data.query.q}
            size="md"
            label={data.city ? `Search ${data.city.clm_city}` : 'Search Spotreel'}
            placeholder="Search spots, cuisines, cities"
            {...(scopeCity ? { scopeCity } : {})}
          />
          {data.topic ? <TopicOffer topic={data.topic} /> : null}
        </>
      }
    />
  );
}
