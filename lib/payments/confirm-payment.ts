import 'server-only';
import { firstVideo } from '../catalog';
import type { Refusal } from '../errors';
import { takeLapsingLock } from '../http/redis';
import type { TransferStatusAnswer, VerifyAnswer } from './contract';
import type { Purchase } from './ledger';
import { PAYMENTS_LOOK_MS } from './look-intervals';
import { watchTransfers } from './transfer-status';
import { verifyPayment } from './verify';
import { catalog, claims, connection, onServerCluster, signatures } from './wiring';

/**
 * Every way to pay ends here, by the checkout's reference (read once from the browser's token by the route's
 * body check): a Phantom signature is verified, a Solana Pay checkout is watched for. A payment the chain
 * confirms is claimed once and granted to the browser that started the checkout.
 */

type Confirmed<T> = { ok: true; paid: T } | Refusal;

/** Verifies the payment a wallet in this browser signed (Phantom): what it unlocked and where it starts playing. */
export async function confirmPayment(reference: string, signature: string, browser: string): Promise<Confirmed<VerifyAnswer>> {
  const result = await onServerCluster((cluster) =>
    verifyPayment({ reference, signature, browser }, { connection: { getParsedTransaction: signatures.transaction }, ledger: claims, catalog, cluster }),
  );
  return result.ok ? { ok: true, paid: await paidAnswer(result.purchase) } : result;
}

let watcher: ReturnType<typeof watchTransfers> | undefined;

/** Where a Solana Pay checkout stands, from the last shared look at the chain: waiting, refused, or paid (as a Phantom payment is). */
export async function paymentStatus(reference: string, browser: string): Promise<{ ok: true; status: TransferStatusAnswer } | Refusal> {
  const result = await onServerCluster((cluster) => {
    watcher ??= watchTransfers({
      // The transactions it reads were listed by the chain: read once, and kept for the claim that follows.
      connection: { getSignaturesForAddress: connection.getSignaturesForAddress.bind(connection), getParsedTransaction: signatures.listedTransaction },
      ledger: claims,
      catalog,
      cluster,
      intervalMs: PAYMENTS_LOOK_MS,
      // With REDIS_URL, instances take turns: one look per interval for all of them.
      throttle: () => takeLapsingLock('payments-look', PAYMENTS_LOOK_MS),
    });
    return watcher(reference, browser);
  });
  if (!result.ok) return result;
  const { status } = result;
  return { ok: true, status: status.state === 'paid' ? { state: 'paid', ...(await paidAnswer(status.purchase)) } : status };
}

/** What a verified payment unlocked, and the video it starts with (its link is asked for when it plays). */
async function paidAnswer({ path, signature, lamports }: Purchase): Promise<VerifyAnswer> {
  const first = await firstVideo(path).catch((error: unknown) => (console.error(`[payments] no first video for ${path}`, error), null));
  return { path, signature, lamports, play: first && { path: first.path, title: first.title } };
}
