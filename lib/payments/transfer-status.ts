import { PublicKey, type Connection } from '@solana/web3.js';
import type { StoredCheckout } from './checkout';
import type { Purchase } from './ledger';
import { claimPayment, storedCheckout, type VerifyDeps, type VerifyResult } from './verify';
import { refuse, type Refusal } from '../errors';

/**
 * Where a Solana Pay checkout stands: `waiting` (nothing on chain yet), `refused` (a transaction
 * carries its reference but does not pay it: too little, another recipient, failed), or `paid`.
 */
type TransferStatus =
  | { state: 'waiting'; retryAfterMs: number }
  | { state: 'refused'; reason: string; retryAfterMs: number }
  | { state: 'paid'; purchase: Purchase };

export type TransferStatusResult = { ok: true; status: TransferStatus } | Refusal;

export interface TransferWatchDeps extends Omit<VerifyDeps, 'connection'> {
  connection: Pick<Connection, 'getSignaturesForAddress' | 'getParsedTransaction'>;
  /** One look at the chain per interval for every open checkout together, however many tabs poll. */
  intervalMs: number;
  /**
   * Shared by every instance (a lapsing Redis lock): false when another one looked at the chain within the
   * interval. Without it, this instance's own interval is the only throttle.
   */
  throttle?: () => Promise<boolean>;
  /** References remembered at once; the oldest are forgotten first (they are only asked again). */
  maxReferences?: number;
  /** Signatures asked for per page of a reference's or the recipient's history (the RPC allows up to 1000). */
  pageSize?: number;
  /** Pages read, and transactions verified, per reference read: a flooded reference is read over several looks. */
  pagesPerLookup?: number;
  verificationsPerLookup?: number;
  /** References whose own history one look reads: those a payment to the recipient named first, then the longest unread. */
  referencesPerLook?: number;
  /** New transactions to the recipient one look reads to find the references they carry; more wait for the next look. */
  recipientTransactionsPerLook?: number;
  now?: () => number;
}

/** A checkout counts as open (watched by a look) while some tab polled it this recently: tabs poll every few seconds. */
const OPEN_FOR_MS = 30_000;

interface Watched {
  /** The server's copy of the checkout, read from the ledger once per reference. */
  checkout?: StoredCheckout;
  polledAt: number;
  /** When a look last read this reference's own history. */
  readAt: number;
  /** A new transaction to the recipient carries this reference: the next look reads its history first. */
  due?: boolean;
  /** What the latest look could not do for this reference (the RPC failed): its polls hear it until the next look. */
  failure?: Refusal;
  /** The signature that paid this reference, once verified: later polls go to the ledger, not the chain. */
  paidBy?: string;
  /** Why the latest transaction looked at carries the reference but does not pay it. */
  refusal?: string;
  /** The newest signature of the last walk that reached the end of the history: nothing at or before it is read again. */
  seenUntil?: string;
  /** A walk from the newest signature down that has not reached the end yet: where it began and how far it got. */
  walk?: { top: string; before: string };
}

type OpenCheckout = Watched & { checkout: StoredCheckout };

/**
 * Answers "has this checkout been paid?" for the page that shows the QR code, for as long as the
 * checkout is kept (a payment of an expired QR is still credited). No poll asks the chain itself
 * (docs/security.md, "No client can multiply the chain calls"): one look per interval serves every
 * open checkout. A look reads what is new in the recipient's history (a payment must reach the
 * recipient), finds which open references those transactions carry, and reads those references' own
 * histories first; a few others' in turn, the least recently read first, so a payment the recipient's
 * page missed, or a refused one to another recipient, is found too. A reference's history is read newest
 * first, paged with `before` to its end, so junk carrying the reference cannot push the payment out of
 * sight; a payment found gets the same rules, create-once claim and grant to the checkout's browser as the
 * Phantom path. Polls between looks are answered from memory.
 */
export function watchTransfers(deps: TransferWatchDeps) {
  const {
    intervalMs,
    maxReferences = 10_000,
    pageSize = 100,
    pagesPerLookup = 3,
    verificationsPerLookup = 40,
    referencesPerLook = 2,
    recipientTransactionsPerLook = 10,
    now = Date.now,
    throttle = async () => true,
  } = deps;
  const watched = new Map<string, Watched>();
  /** Per recipient, the newest signature of its history a look has seen: the next reads only what is newer. */
  const recipientSeen = new Map<string, string | undefined>();
  /** Transactions to the recipient listed but not read yet, oldest first (bounded: the turn-taking reads find any dropped). */
  const unread: string[] = [];
  let lookedAt = -Infinity;
  let looking: Promise<void> | undefined;

  const entryFor = (reference: string) => {
    const known = watched.get(reference);
    if (known) return known;
    if (watched.size >= maxReferences) watched.delete(watched.keys().next().value!);
    const entry: Watched = { polledAt: now(), readAt: -Infinity };
    watched.set(reference, entry);
    return entry;
  };

  const snapshot = (entry: Watched): TransferStatusResult => {
    const retryAfterMs = Math.max(0, lookedAt + intervalMs - now());
    const reason = entry.refusal;
    return { ok: true, status: reason ? { state: 'refused', reason, retryAfterMs } : { state: 'waiting', retryAfterMs } };
  };

  /** Reads the reference's history from where the last read stopped; undefined when this read's budget ran out first. */
  async function lookUp(checkout: StoredCheckout, entry: Watched): Promise<TransferStatusResult | undefined> {
    let verifications = 0;
    for (let page = 0; page < pagesPerLookup; page += 1) {
      const options = { limit: pageSize, before: entry.walk?.before, until: entry.seenUntil };
      const found = await deps.connection.getSignaturesForAddress(new PublicKey(checkout.reference), options, 'confirmed');
      for (const { signature, err } of found) {
        if (err) entry.refusal = 'The transaction failed on chain.';
        else {
          if (verifications >= verificationsPerLookup) return undefined;
          verifications += 1;
          const result = await claimPayment(checkout, signature, checkout.browser, deps);
          if (result.ok) {
            entry.paidBy = signature;
            return paidOrError(result, entry);
          }
          // Anything but a refusal for good (e.g. the RPC has not indexed it yet, or is down) is read again next time.
          if (result.code !== 'payment_refused' && result.code !== 'conflict') return result.code === 'unavailable' ? result : undefined;
          entry.refusal = result.reason;
        }
        entry.walk = { top: entry.walk?.top ?? signature, before: signature };
      }
      if (found.length < pageSize) {
        entry.seenUntil = entry.walk?.top ?? entry.seenUntil;
        entry.walk = undefined;
        return snapshot(entry);
      }
    }
    return undefined;
  }

  /** Marks the open checkouts that new transactions to their recipient carry, so this look reads them first. */
  async function followRecipients(open: OpenCheckout[]) {
    for (const recipient of new Set(open.map((entry) => entry.checkout.recipient))) {
      const first = !recipientSeen.has(recipient);
      // The first look only marks where the history stands: what came before it, the turn-taking reads find.
      const options = first ? { limit: 1 } : { limit: pageSize, until: recipientSeen.get(recipient) };
      const found = await deps.connection.getSignaturesForAddress(new PublicKey(recipient), options, 'confirmed');
      recipientSeen.set(recipient, found[0]?.signature ?? recipientSeen.get(recipient));
      if (!first)
        unread.push(
          ...found
            .filter(({ err }) => !err)
            .map(({ signature }) => signature)
            .reverse(),
        );
    }
    unread.splice(0, Math.max(0, unread.length - pageSize));
    const byReference = new Map(open.map((entry) => [entry.checkout.reference, entry]));
    for (const signature of unread.splice(0, recipientTransactionsPerLook)) {
      const transaction = await deps.connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      for (const { pubkey } of transaction?.transaction.message.accountKeys ?? []) {
        const entry = byReference.get(pubkey.toBase58());
        if (entry) entry.due = true;
      }
    }
  }

  /** This interval's look at the chain for every open checkout; a failure is told to each one's polls until the next. */
  async function look() {
    lookedAt = now();
    const open = [...watched.values()].filter((entry): entry is OpenCheckout => !!entry.checkout && !entry.paidBy && now() - entry.polledAt < OPEN_FOR_MS);
    for (const entry of open) entry.failure = undefined;
    if (open.length === 0 || !(await throttle())) return;
    try {
      await followRecipients(open);
      const turn = open.sort((a, b) => Number(!!b.due) - Number(!!a.due) || a.readAt - b.readAt).slice(0, referencesPerLook);
      for (const entry of turn) {
        Object.assign(entry, { readAt: now(), due: false });
        const result = await lookUp(entry.checkout, entry);
        // Not read to its end (its budget, or a transaction not indexed yet): read on at the next look.
        if (!result) entry.due = true;
        else if (!result.ok) entry.failure = result;
      }
    } catch (error) {
      console.error('[solana-pay] RPC failed while looking for payments', error);
      const failure = refuse('unavailable', 'The Solana RPC could not be reached. If you paid, your payment is safe; we will keep looking.');
      for (const entry of open) entry.failure = failure;
    }
  }

  /** Waits for the look under way, or starts one if the last was an interval ago; answers at once otherwise. */
  function currentLook(): Promise<void> | undefined {
    if (!looking && now() >= lookedAt + intervalMs) looking = look().finally(() => (looking = undefined));
    return looking;
  }

  const ledger = {
    checkoutOf: async (reference: string) => {
      const entry = entryFor(reference);
      entry.checkout ??= (await deps.ledger.checkoutOf(reference)) ?? undefined;
      return entry.checkout ?? null;
    },
  };

  /** `reference`: the checkout's, read once from the token the page polls with (lib/payments/request-fields.ts). */
  return async function transferStatus(reference: string, browser: string): Promise<TransferStatusResult> {
    if (!isPublicKey(reference)) return refuse('invalid_request', 'This checkout has no valid reference.');
    const found = await storedCheckout(reference, browser, { ...deps, ledger });
    if (!found.ok) return found;
    const { checkout } = found;
    const entry = entryFor(checkout.reference);
    entry.polledAt = now();
    if (!entry.paidBy) await currentLook();
    if (entry.paidBy) return paidOrError(await claimPayment(checkout, entry.paidBy, browser, deps), entry);
    return entry.failure ?? snapshot(entry);
  };
}

function isPublicKey(value: string) {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}

function paidOrError(result: VerifyResult, entry: Watched): TransferStatusResult {
  if (result.ok) return { ok: true, status: { state: 'paid', purchase: result.purchase } };
  // A failing store (unavailable) is asked again on the next poll; anything else sends the next poll back to the chain, from the top.
  if (result.code !== 'unavailable') Object.assign(entry, { paidBy: undefined, seenUntil: undefined, walk: undefined, due: true });
  return result;
}
