import { IntentLink } from '@/components/ui/IntentLink';
import styles from './PurchaseDialog.module.css';

export type Notice = { tone: 'error' | 'info' | 'success'; text: string; guide?: boolean };

/** An in-page message for the visitor, announced by screen readers (role="alert"). */
export function PaymentNotice({ notice }: { notice: Notice }) {
  return (
    <div role="alert" className={`${styles.notice} ${styles[notice.tone]}`}>
      <p>{notice.text}</p>
      {notice.guide && (
        <IntentLink href="/solenema-wallet" className={styles.guideLink}>
          How to set up Phantom
        </IntentLink>
      )}
    </div>
  );
}
