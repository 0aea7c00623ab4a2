'use client';

import { pageOfDocument } from '@/lib/routes';
import button from '../ui/button.module.css';
import styles from './PurchaseDialog.module.css';
import { openInPhantomLink } from './usePhantom';

/**
 * A phone has no wallet extension: a real link (it also works from a long-press) that reopens this
 * title's page inside Phantom's in-app browser, where Phantom is injected and the usual flow works.
 */
export function OpenInPhantom({ purchasePath }: { purchasePath: string }) {
  const { origin } = window.location;
  return (
    <>
      <div className={styles.actions}>
        <a className={`${button.button} ${button.solana}`} href={openInPhantomLink(`${origin}${pageOfDocument(purchasePath)}`, origin)}>
          Open in Phantom
        </a>
      </div>
      <p className={styles.explain}>Phantom’s app opens this title in its own browser, where you can pay and watch.</p>
    </>
  );
}
