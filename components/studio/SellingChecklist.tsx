import type { SellingCheck, SellingReadiness } from '@/lib/payments/reporting/selling-check';
import styles from './studio.module.css';

const NAMES: Record<SellingCheck['name'], string> = {
  cluster: 'Cluster',
  recipient: 'Recipient',
  mint: 'USDC mint',
  'usdc-account': 'Recipient’s USDC account',
  explorer: 'Transaction links',
};

const STATE: Record<SellingCheck['state'], string> = { ok: 'Ready', failed: 'Stops sales', unknown: 'Not read yet' };

/**
 * The going-live checklist as the server checks it before every checkout (lib/payments/reporting/selling-check.ts): each point,
 * whether it holds, and what a failure stops, so an operator sees why a buyer is refused before any buyer is.
 */
export function SellingChecklist({ readiness }: { readiness: SellingReadiness }) {
  const paused = readiness.refusal ?? readiness.usdcRefusal;
  return (
    <>
      <p className={styles.note} role={paused ? 'alert' : undefined}>
        {readiness.refusal
          ? readiness.refusal
          : readiness.usdcRefusal
            ? `Selling in SOL on ${readiness.cluster}. ${readiness.usdcRefusal}`
            : `Ready to sell on ${readiness.cluster}: every checkout is checked against this list first.`}
      </p>
      <ul className={styles.checklist} data-ready={paused ? 'no' : 'yes'}>
        {readiness.checks.map((check) => (
          <li key={check.name} data-check={check.name} data-state={check.state}>
            <span className={styles.checkState}>{check.state === 'failed' && check.stops === 'usdc' ? 'Stops USDC sales' : STATE[check.state]}</span>
            <strong>{NAMES[check.name]}</strong> {check.detail}
          </li>
        ))}
      </ul>
    </>
  );
}
