import type { SearchQuery } from '@/lib/search/query';
import type { SearchResults as Results } from '@/lib/search/ranking';
import { searchRoute } from '@/lib/routes';
import { Eyebrow } from '../ui/Eyebrow';
import { SearchIcon } from '../ui/icons';
import { SearchField } from './SearchField';
import { SearchResults } from './SearchResults';
import styles from './search.module.css';

/** The /search page. `data-search-page` lets the header hide its own, smaller search box here. */
export function SearchPage({ query, results }: { query: SearchQuery; results: Results }) {
  return (
    <div className={styles.page} data-search-page>
      <header className={styles.intro}>
        <Eyebrow>Search</Eyebrow>
        <h1 className={styles.title}>Find a title</h1>
        <div className={styles.field}>
          <SearchIcon className={styles.fieldIcon} />
          <SearchField initialQuery={query.text} action={searchRoute} />
        </div>
      </header>
      <SearchResults query={query} results={results} />
    </div>
  );
}
