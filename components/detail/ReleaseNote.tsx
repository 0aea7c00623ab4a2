import { preorderDate, releaseLine, type Releasable } from '@/lib/catalog/release';
import styles from './ReleaseNote.module.css';

/**
 * A pre-order's countdown on its page, rendered on the server (no script): "Pre-order · Releases 1 March 2027 · in
 * 12 days". The page is cached no longer than until the date (lib/catalog/release-cache.ts), so it goes with it.
 * Nothing for a title that is out, free, or has no date.
 */
export function ReleaseNote({ title }: { title: Releasable }) {
  const releases = preorderDate(title);
  if (!releases) return null;
  return (
    <p className={styles.note} data-preorder>
      <span className={styles.badge}>Pre-order</span>
      <time dateTime={releases}>{releaseLine(releases)}</time>
    </p>
  );
}
