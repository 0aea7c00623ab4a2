import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, type Connection } from '@solana/web3.js';
import { describeFailure } from '../../failure';
import type { StoredCheckout } from '../checkout/checkout';
import type { FactsCache } from './facts-cache';
import type { PaymentFacts } from './payment-facts';
import type { ClaimResult } from '../confirm/claim-payment';
import { emptyLookState, type Finding, type LookState, type OpenCheckout, type WatchBoard } from './watch-board';

export interface LookTerms {
  /** Calls one look makes at most, however many checkouts are open and whatever the recipients receive. */
  callsPerLook: number;
  /** Signatures asked for per page of a reference's own history. */
  pageSize: number;
  /** Signatures asked for per read of a recipient's new history. */
  feedPageSize: number;
  /** A checkout counts as open while something asked about it this recently (tabs poll every few seconds). */
  openForMs: number;
  /** Open checkouts one look weighs, the most recently asked first. */
  maxOpen: number;
}

export interface LookDeps {
  board: WatchBoard;
  /** The addresses payments reach (the recipient, its USDC token account): read when the studio wants them, whatever is open. */
  feedAddresses: string[];
  connection: Pick<Connection, 'getSignaturesForAddress'>;
  facts: FactsCache;
  /** Judges a transaction read for a checkout and claims it if it pays, for the browser that started it (lib/payments/confirm/claim-payment.ts). */
  claim(checkout: StoredCheckout, signature: string, facts: PaymentFacts): Promise<ClaimResult>;
  /** Notes what a transfer to a recipient was, once read: a checkout's payment still unclaimed, or no checkout's. */
  reconcile?(signature: string, facts: PaymentFacts): Promise<void>;
  terms: LookTerms;
  now: () => number;
}

/**
 * Where a checkout's payment lands, so where the looks watch for it: the recipient itself for SOL, its associated token
 * account of the mint for USDC (a transferChecked names the token accounts, never the wallet that owns them).
 */
export const feedAddressOf = ({ recipient, mint }: Pick<StoredCheckout, 'recipient' | 'mint'>) =>
  mint ? getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(recipient), true).toBase58() : recipient;

/** Transactions to a recipient kept unread at most: the oldest go first (the turns still find what they paid). */
const FEED_UNREAD_KEPT = 200;
/** Steps that cost no call (a transaction read before) one checkout takes at most in one look. */
const FREE_STEPS = 100;

type Action = 'hint' | 'read' | 'page';

/**
 * One look at the chain for every open checkout, taken by one instance per interval, within `callsPerLook`
 * (docs/security.md, "No client can multiply the chain calls"). Visitors' traffic never adds a call: it only
 * decides whose turn a call serves.
 *
 * 1. Each recipient's new history, one call: every transaction that can pay a checkout reaches a recipient.
 * 2. A signature a buyer's wallet named (Phantom) is read once it shows there: a transaction that never reached
 *    the recipient pays nothing, so junk someone names (another's transaction, a made-up signature) costs no read.
 * 3. One new transaction to a recipient is read, telling which open checkout it pays (a QR payment).
 * 4. The rest goes to the checkouts' own histories (Solana Pay's findReference), paged to their end so junk
 *    carrying a reference cannot hide its payment, in turns: the group (address, or browser) waiting longest
 *    first, so one client holding many cookies and checkouts gets one group's share, not the look.
 */
export async function lookAtChain(deps: LookDeps): Promise<void> {
  const { board, connection, facts, terms } = deps;
  const now = deps.now();
  const stored = (await board.lookState()) ?? emptyLookState();
  const state: LookState = { ...stored, lookedAt: now, failure: undefined };
  const open = (await board.open(now - terms.openForMs, terms.maxOpen)).filter((entry) => !entry.finding.paidBy);
  // The studio asks for the recipients' histories too, to reconcile what reached them: then the look runs with none open.
  const feedWanted = (await board.feedWantedUntil()) > now;
  const changed = new Map<string, Finding>();
  let calls = terms.callsPerLook;
  let hintCalls = Math.floor(terms.callsPerLook / 2);
  let turn = 0;

  /** What the looks found for a checkout, as this look leaves it so far. */
  const current = (entry: OpenCheckout) => changed.get(entry.reference) ?? entry.finding;
  /** The same, to change: only what a look changed is written back. */
  const findingOf = (entry: OpenCheckout) => {
    let finding = changed.get(entry.reference);
    if (!finding) changed.set(entry.reference, (finding = { ...entry.finding, unread: [...(entry.finding.unread ?? [])] }));
    return finding;
  };
  const blocked = new Set<string>();
  /** Checkouts whose history this look listed to its end: listed again at the next look, not within this one. */
  const listedToEnd = new Set<string>();
  let landedHints = new Set<string>();

  const nextAction = (entry: OpenCheckout): Action | null => {
    const finding = current(entry);
    if (finding.paidBy || blocked.has(entry.reference)) return null;
    if (entry.hint && landedHints.has(entry.hint) && finding.hintRefused?.signature !== entry.hint) return 'hint';
    if (finding.unread?.length) return 'read';
    return listedToEnd.has(entry.reference) ? null : 'page';
  };
  const needsCall = (entry: OpenCheckout, action: Action) =>
    action === 'page' || !facts.known(action === 'hint' ? entry.hint! : current(entry).unread!.at(-1)!);

  /** A transaction read for a checkout, claimed if it pays it (judged there, once); otherwise the finding says why not. */
  async function judge(entry: OpenCheckout, signature: string, read: PaymentFacts, hinted: boolean) {
    const finding = findingOf(entry);
    const claimed = await deps.claim(entry.asked.checkout, signature, read);
    // A claim the ledger could not finish (unavailable) is finished by the next poll: the payment is found.
    if (claimed.ok || claimed.code === 'unavailable') Object.assign(finding, { paidBy: signature, claimed: claimed.ok, refusal: undefined });
    else if (hinted) finding.hintRefused = { signature, reason: claimed.reason };
    else finding.refusal = claimed.reason;
  }

  /** One step of a checkout: reads the named signature, the next listed one, or the next page of its history. */
  async function step(entry: OpenCheckout, action: Action) {
    const finding = findingOf(entry);
    if (action === 'page') {
      const listed = await connection.getSignaturesForAddress(
        new PublicKey(entry.reference),
        { limit: terms.pageSize, before: finding.walk?.before, until: finding.seenUntil },
        'confirmed',
      );
      for (const { signature, err } of listed) {
        if (err) finding.refusal = 'The transaction failed on chain.';
        else finding.unread!.push(signature);
        finding.walk = { top: finding.walk?.top ?? signature, before: signature };
      }
      if (listed.length < terms.pageSize) {
        Object.assign(finding, { seenUntil: finding.walk?.top ?? finding.seenUntil, walk: undefined });
        listedToEnd.add(entry.reference);
      }
      return;
    }
    const signature = action === 'hint' ? entry.hint! : finding.unread!.at(-1)!;
    const read = await facts.read(signature);
    // Listed but not indexed yet by this node: read again at the next look.
    if (!read) return void blocked.add(entry.reference);
    if (action === 'read') finding.unread!.pop();
    await judge(entry, signature, read, action === 'hint');
  }

  /** Whatever this checkout can do without a call: transactions read before, by this look or an earlier one. */
  async function freeSteps(entry: OpenCheckout) {
    for (let n = 0; n < FREE_STEPS; n += 1) {
      const action = nextAction(entry);
      if (!action || needsCall(entry, action)) return;
      await step(entry, action);
    }
  }

  try {
    if (open.length > 0 || feedWanted) {
      for (const address of new Set([...open.map((entry) => feedAddressOf(entry.asked.checkout)), ...(feedWanted ? deps.feedAddresses : [])])) {
        if (calls === 0) break;
        calls -= 1;
        await readFeed(address);
      }
      const hints = open.flatMap((entry) => (entry.hint ? [entry.hint] : []));
      landedHints = await board.inFeed(hints);
      for (const entry of open) await freeSteps(entry);
      if (calls > 0 && state.feedUnread.length > 0) {
        calls -= 1;
        await readFeedTransaction(state.feedUnread.shift()!);
      }
      while (calls > 0) {
        const chosen = nextTurn();
        if (!chosen) break;
        calls -= 1;
        const [entry, action] = chosen;
        if (action === 'hint') hintCalls -= 1;
        findingOf(entry).servedAt = now;
        state.groupsServedAt[entry.asked.group] = now + (turn += 1) / 1000;
        await step(entry, action);
        await freeSteps(entry);
      }
      // Calls no checkout needed this look go to what else reached the recipient.
      while (calls > 0 && state.feedUnread.length > 0) {
        calls -= 1;
        await readFeedTransaction(state.feedUnread.shift()!);
      }
    }
  } catch (error) {
    state.failure = describeFailure(error);
  }
  const groups = new Set(open.map((entry) => entry.asked.group));
  state.groupsServedAt = Object.fromEntries(Object.entries(state.groupsServedAt).filter(([group]) => groups.has(group)));
  state.feedUnread = state.feedUnread.slice(-FEED_UNREAD_KEPT);
  await board.saveLook(state, changed);

  /** What reached the recipient since the last look: remembered for named signatures, queued to learn what it pays. */
  async function readFeed(recipient: string) {
    const top = state.feedTop[recipient];
    const options = top ? { until: top, limit: terms.feedPageSize } : { limit: terms.feedPageSize };
    const listed = await connection.getSignaturesForAddress(new PublicKey(recipient), options, 'confirmed');
    if (listed[0]) state.feedTop = { ...state.feedTop, [recipient]: listed[0].signature };
    const landed = listed.filter(({ err }) => !err).map(({ signature }) => signature);
    await board.addToFeed(landed);
    // The first read only marks where the history stands (what came before it, the turns find), unless the studio
    // reconciles it: then the recent history is read too.
    if (top || feedWanted) state.feedUnread = [...state.feedUnread, ...landed.reverse()];
  }

  /** Reads one new transaction to a recipient: the open checkouts it names go first at their next step. */
  async function readFeedTransaction(signature: string) {
    const read = await facts.read(signature);
    if (!read) return void state.feedUnread.unshift(signature);
    const accounts = new Set(read.accounts);
    for (const entry of open) {
      if (accounts.has(entry.reference)) {
        findingOf(entry).unread!.push(signature);
        await freeSteps(entry);
      }
    }
    await deps.reconcile?.(signature, read);
  }

  /**
   * The next call's checkout: a named signature that reached the recipient first (at most half the look, so
   * transfers someone sends the recipient to name them cannot take every turn), then the group waiting longest,
   * and in it the checkout served longest ago.
   */
  function nextTurn(): [OpenCheckout, Action] | null {
    const candidates = open.flatMap((entry) => {
      const action = nextAction(entry);
      return action ? [[entry, action] as [OpenCheckout, Action]] : [];
    });
    const hinted = candidates.filter(([, action]) => action === 'hint');
    const pool = hinted.length > 0 && hintCalls > 0 ? hinted : candidates.filter(([, action]) => action !== 'hint' || hintCalls > 0);
    const waited = (entry: OpenCheckout) => state.groupsServedAt[entry.asked.group] ?? -Infinity;
    const served = (entry: OpenCheckout) => current(entry).servedAt ?? -Infinity;
    return pool.sort(([a], [b]) => waited(a) - waited(b) || served(a) - served(b))[0] ?? null;
  }
}
