import 'server-only';
import { firstVideo } from '../../catalog';
import type { Refusal } from '../../errors';
import { describeFailure } from '../../failure';
import { redisKey, reportRedisFailure, sharedRedis } from '../../http/redis';
import type { TransferStatusAnswer, VerifyAnswer } from '../contract';
import type { Purchase } from '../ledger/ledger';
import { env } from '../../env/server';
import { clusterOfGenesisHash, usdcMintOn } from '../chain/cluster';
import { PAYMENTS_LOOK_MS } from '../chain/look-intervals';
import { watchPayments } from '../chain/payment-watch';
import { memoryWatchBoard, type WatchBoard } from '../chain/watch-board';
import { boardWithFallback, redisWatchBoard } from '../chain/watch-board-redis';
import { catalog, claims, connection, onServerCluster } from '../wiring';
import { giftRecorder } from '../gifts/gift-ledger';
import { giftToken } from '../gifts/gift-records';
import { signingSecret } from '../../identity/signing-secret';
import { giftRoute } from '../../routes';

/**
 * Every way to pay ends here, by the checkout's reference (read once from the browser's token by the route's
 * body check): a Phantom signature is named, a Solana Pay checkout is polled, and the shared looks at the chain
 * (lib/payments/chain/chain-look.ts) find both. A payment the chain confirms is claimed once and granted to the
 * browser that started the checkout. `group` is who asks (lib/http/client-budgets.ts, fairnessKey): the looks take
 * turns by it.
 */

type Confirmed<T> = { ok: true; paid: T } | Refusal;

/** The board of one cluster: in Redis (its keys name the deployment and the cluster) with this instance's memory behind it. */
function boardFor(cluster: string): () => WatchBoard {
  const own = memoryWatchBoard();
  let shared: WatchBoard | undefined;
  return () => {
    const redis = sharedRedis();
    if (!redis) return own;
    shared ??= boardWithFallback(redisWatchBoard(redis, redisKey('payments', cluster)), own, reportRedisFailure);
    return shared;
  };
}

let watch: { cluster: string; payments: ReturnType<typeof watchPayments> } | undefined;
function paymentsOn(cluster: string) {
  if (watch?.cluster !== cluster) {
    watch = {
      cluster,
      payments: watchPayments({
        connection,
        ledger: claims,
        catalog,
        cluster,
        defaultLamports: env.PRICE_LAMPORTS,
        gifts: giftRecorder,
        board: boardFor(cluster),
        intervalMs: PAYMENTS_LOOK_MS,
        recipient: { wallet: env.SOLANA_RECIPIENT, usdcMint: usdcMintOn(clusterOfGenesisHash(cluster), env.USDC_MINT) },
      }),
    };
  }
  return watch.payments;
}

/** Verifies the payment a wallet in this browser signed (Phantom): what it unlocked and where it starts playing. */
export async function confirmPayment(reference: string, signature: string, browser: string, group: string): Promise<Confirmed<VerifyAnswer>> {
  const result = await onServerCluster((cluster) => paymentsOn(cluster).verify(reference, signature, browser, group));
  return result.ok ? { ok: true, paid: await paidAnswer(result.purchase) } : result;
}

/** Where a Solana Pay checkout stands, from the last shared look at the chain: waiting, refused, or paid (as a Phantom payment is). */
export async function paymentStatus(reference: string, browser: string, group: string): Promise<{ ok: true; status: TransferStatusAnswer } | Refusal> {
  const result = await onServerCluster((cluster) => paymentsOn(cluster).status(reference, browser, group));
  if (!result.ok) return result;
  const { status } = result;
  return { ok: true, status: status.state === 'paid' ? { state: 'paid', ...(await paidAnswer(status.purchase)) } : status };
}

/**
 * The studio is open: for `forMs`, the shared looks also read the recipient's history with no checkout open, so a
 * payment whose browser never came back, or a transfer naming no checkout, is noted within a look or two.
 */
export async function watchRecipientPayments(forMs: number) {
  await onServerCluster(async (cluster) => (await paymentsOn(cluster).watchRecipients(forMs), { ok: true as const }));
}

/** What a verified payment unlocked, and the video it starts with (its link is asked for when it plays); a gift's link instead. */
async function paidAnswer({ path, signature, price, kind, hours, gift }: Purchase): Promise<VerifyAnswer> {
  if (gift) return { path, signature, price, kind, play: null, gift: { link: giftRoute(giftToken(signingSecret, signature)) } };
  const first = await firstVideo(path).catch((error: unknown) => (console.error(`[payments] no first video for ${path}: ${describeFailure(error)}`), null));
  return { path, signature, price, kind, ...(hours !== undefined && { hours }), play: first && { path: first.path, title: first.title } };
}
