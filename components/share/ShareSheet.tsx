'use client';

import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import button from '../ui/button.module.css';
import { ShareIcon } from './ShareIcon';
import styles from './ShareSheet.module.css';

/** What a title page shares: its canonical absolute URL (lib/seo/urls.ts) and its title. */
export type SharedPage = { url: string; title: string };

const canShare = () => typeof navigator.share === 'function';
const unchanging = () => () => {};

/**
 * The title's link, in a read-only field (all there is without JavaScript), and a button that opens the system's
 * share sheet where the browser has one, or else copies the link and says so in a live region. Opened by the
 * click on a Share button, it shares at once, while that click still lets a page share; a refused clipboard leaves
 * the link selected in its field to copy by hand.
 */
export function ShareSheet({ url, title }: SharedPage) {
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  // The server cannot know: it renders "Copy link", and the browser says what its click will do.
  const label = useSyncExternalStore(
    unchanging,
    () => (canShare() ? 'Share…' : 'Copy link'),
    () => 'Copy link',
  );

  /** Opens the share sheet, or copies the link: what to say afterwards ('' for nothing). */
  async function shareOrCopy(): Promise<string> {
    if (canShare()) {
      try {
        await navigator.share({ title, url });
        return '';
      } catch (error) {
        // Closing the sheet is the visitor's choice, not a failure; anything else (a policy, a spent click) copies.
        if (error instanceof DOMException && error.name === 'AbortError') return '';
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      return 'Link copied';
    } catch {
      field.current?.focus();
      field.current?.select();
      return 'Copy the link from the field above';
    }
  }
  const share = () => void shareOrCopy().then(setSaid);

  // Once, for the click that opened it. Only a click may open a share sheet or write the clipboard: a reload of this
  // page, or a link to it from elsewhere, waits for the visitor's own.
  const shareOnOpen = useEffectEvent(() => {
    if (navigator.userActivation?.isActive !== false) share();
  });
  useEffect(() => shareOnOpen(), []);

  return (
    <div className={styles.sheet}>
      <label className={styles.field}>
        <span className={styles.label}>Link to this page</span>
        <input ref={field} className={styles.input} type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.button} ${button.primary} ${styles.button}`}
          onClick={() => {
            setSaid('');
            share();
          }}
        >
          <ShareIcon />
          {label}
        </button>
        <p role="status" className={styles.status}>
          {said}
        </p>
      </div>
    </div>
  );
}
