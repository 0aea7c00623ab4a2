import { searchRoute } from '@/lib/routes';
import { CloseIcon, SearchIcon } from '../ui/icons';
import styles from './HeaderSearch.module.css';
import { searchInputProps } from './searchInput';

/**
 * The header's search box: a plain GET form, so it works without JavaScript and adds none to any
 * page. On narrow screens it folds behind an icon; the <details> beside it holds the open/closed
 * state and CSS (:has) shows the form, still without a line of script.
 */
export function HeaderSearch() {
  return (
    <div className={styles.search}>
      <details className={styles.toggle}>
        <summary className={styles.toggleButton}>
          <SearchIcon className={styles.openIcon} />
          <CloseIcon className={styles.closeIcon} />
          <span className="visually-hidden">Show search</span>
        </summary>
      </details>
      <form role="search" aria-label="Site search" action={searchRoute} method="get" className={styles.form}>
        <label htmlFor="header-search" className="visually-hidden">
          Search titles
        </label>
        <input id="header-search" {...searchInputProps} placeholder="Search titles" className={styles.input} />
        <button type="submit" className={styles.submit}>
          <SearchIcon />
          <span className="visually-hidden">Search</span>
        </button>
      </form>
    </div>
  );
}
