import type { Page } from '@/lib/catalog/paging';
import styles from './Pagination.module.css';

type Props = {
  /** What the list holds, for the links' names: "series", "episodes". */
  noun: string;
  page: Pick<Page<unknown>, 'next' | 'previous'>;
  /** The URL of the page after a cursor; null is the first page. */
  hrefOf: (after: string | null) => string;
};

/**
 * Plain links to the pages before and after (no JavaScript needed, crawlers follow them), also
 * announced as rel="prev"/"next" in the head (React hoists the <link>s).
 */
export function Pagination({ noun, page, hrefOf }: Props) {
  if (!page.next && !page.previous) return null;
  const previous = page.previous && hrefOf(page.previous.after);
  const next = page.next && hrefOf(page.next);
  return (
    <nav className={styles.pagination} aria-label={`More ${noun}`}>
      {previous && <link rel="prev" href={previous} />}
      {next && <link rel="next" href={next} />}
      {previous ? (
        <a className={styles.link} href={previous} rel="prev">
          ← Previous {noun}
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className={styles.link} href={next} rel="next">
          More {noun} →
        </a>
      )}
    </nav>
  );
}
