import { formatAmount, type Amount } from '@/lib/catalog/pricing';
import { shortAddress } from '@/lib/payments/display';
import type { ClusterName } from '@/lib/payments/chain/cluster';
import { explorerTransactionUrl } from '@/lib/payments/reporting/explorer';
import { publicEnv } from '@/lib/env/public';
import { receiptRoute, routes } from '@/lib/routes';
import { IntentLink } from '../ui/IntentLink';
import styles from './PurchaseDialog.module.css';

interface Props {
  signature: string;
  price: Amount;
  /** The cluster the checkout named (from the server's genesis hash); null when none answered. */
  network: ClusterName | null;
  onLeave: () => void;
}

/**
 * Under the player once paid: what the transaction paid, it on Solana Explorer, its receipt, and where every receipt is
 * kept. The dialog lives in the root layout, above every page: following one of its links closes it (`onLeave`).
 */
export function PaymentReceipt({ signature, price, network, onLeave }: Props) {
  return (
    <p className={styles.receipt}>
      Paid {formatAmount(price)} ·{' '}
      <a
        href={explorerTransactionUrl(signature, { rpcUrl: publicEnv.solanaRpcUrl, cluster: network })}
        target="_blank"
        rel="noopener noreferrer"
        title={signature}
      >
        Transaction {shortAddress(signature)}
        <span className="visually-hidden"> on Solana Explorer (opens in a new tab)</span>
      </a>{' '}
      ·{' '}
      <IntentLink href={receiptRoute(signature)} onClick={onLeave}>
        Receipt
      </IntentLink>{' '}
      ·{' '}
      <IntentLink href={routes.purchases} onClick={onLeave}>
        My purchases
      </IntentLink>
    </p>
  );
}
