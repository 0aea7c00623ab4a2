import { CONTINUE_FLAG_SCRIPT } from '@/lib/watching/progress';
import { SectionSkeleton } from '../loading/Skeletons';
import { ContinueWatchingSlot } from './ContinueWatchingSlot';
import styles from './ContinueWatching.module.css';

/**
 * The home page's "Continue watching" row. The page is prerendered and the same for everyone, so
 * the row is filled in the browser; the inline script, run before this part of the page paints,
 * makes room for it (the skeleton) only in a browser that has something to continue, and the row
 * takes the skeleton's place at the same height, so nothing shifts.
 */
export function ContinueWatching() {
  return (
    <div className={styles.slot}>
      <script dangerouslySetInnerHTML={{ __html: CONTINUE_FLAG_SCRIPT }} />
      <SectionSkeleton layout="row" text="Loading what you were watching..." />
      <ContinueWatchingSlot />
    </div>
  );
}
