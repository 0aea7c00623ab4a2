'use client';

import button from '../ui/button.module.css';
import styles from './ConsentBanner.module.css';
import type { Consent } from '@/lib/analytics/privacy';

/** The operator asked for consent first: one question, asked once, answered either way in one click. */
export function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  return (
    <aside className={styles.banner} aria-labelledby="consent-heading">
      <h2 id="consent-heading" className={styles.heading}>
        Help us improve Solenema?
      </h2>
      <p className={styles.text}>
        With your permission we record anonymous usage and page-speed statistics (Firebase Analytics). Nothing is recorded until you agree.
      </p>
      <div className={button.group}>
        <button type="button" className={`${button.button} ${button.primary} ${button.small}`} onClick={() => onAnswer('granted')}>
          Allow statistics
        </button>
        <button type="button" className={`${button.button} ${button.ghost} ${button.small}`} onClick={() => onAnswer('denied')}>
          No thanks
        </button>
      </div>
    </aside>
  );
}
