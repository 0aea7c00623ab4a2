import type { SearchQuery } from '@/lib/search/query';
import { MAX_QUERY_LENGTH } from '@/lib/search/limits';
import type { SearchResults as Results } from '@/lib/search/ranking';
import { TrackOnView } from '../analytics/TrackOnView';
import { CardGrid } from '../grid/CardGrid';
import { SearchResultCard } from './SearchResultCard';
import styles from './search.module.css';

const count = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'result' : 'results'}`;

/** The one sentence that says what the page shows: read out again whenever the results change. */
function summary({ text }: SearchQuery, { normalized, total, hits, unavailable }: Results): string {
  if (!text) return 'Type a title, a series, an episode or a word from its description.';
  if (!normalized) return `Nothing to search for in “${text}”: type some letters or numbers.`;
  if (unavailable) return `Search could not finish just now for “${text}”: the catalog took too long to answer. Please try again in a moment.`;
  if (total === 0) return `No titles match “${text}”. Check the spelling, or try fewer or other words.`;
  if (hits.length < total) return `The ${hits.length} best of ${count(total)} for “${text}”.`;
  return `${count(total)} for “${text}”.`;
}

/** Results of one search, best first, and every state a search can end in. */
export function SearchResults({ query, results }: { query: SearchQuery; results: Results }) {
  return (
    <section aria-labelledby="search-results-heading" className={styles.results}>
      <h2 id="search-results-heading" className="visually-hidden">
        Results
      </h2>
      {query.truncated && (
        <p className={styles.note} data-search-note="truncated">
          {`Your search was longer than ${MAX_QUERY_LENGTH} characters: only its first ${MAX_QUERY_LENGTH} were searched.`}
        </p>
      )}
      {query.repeated && (
        <p className={styles.note} data-search-note="repeated">
          The address asked for more than one search: only the first was used.
        </p>
      )}
      <p role="status" className={results.hits.length > 0 ? styles.summary : styles.empty} data-search-summary>
        {summary(query, results)}
      </p>
      {results.normalized && results.total === 0 && !results.unavailable && (
        <TrackOnView event={{ name: 'search_no_results', params: { search_term: query.text } }} />
      )}
      {results.hits.length > 0 && (
        <CardGrid>
          {results.hits.map((hit) => (
            <SearchResultCard key={hit.path} hit={hit} />
          ))}
        </CardGrid>
      )}
    </section>
  );
}
