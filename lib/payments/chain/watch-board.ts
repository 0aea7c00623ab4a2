import type { StoredCheckout } from '../checkout/checkout';

/** What browsers asked about a checkout: written by whichever instance a poll or a verification reaches. */
export interface Asked {
  checkout: StoredCheckout;
  /** Who asks, for fair turns: the client's address where the deployment vouches for one, else its browser. */
  group: string;
  polledAt: number;
}

/** What the looks found for a checkout: written only by the instance that takes a look. */
export interface Finding {
  /**
   * The signature whose transaction pays it: the look claims it. Once found it stays found, whatever a later look writes.
   */
  paidBy?: string;
  /** The look's claim finished (the purchase is in the ledger, granted): a poll reads it back. Else the poll finishes the claim. */
  claimed?: boolean;
  /** Why the latest transaction carrying the reference does not pay it. */
  refusal?: string;
  /** A signature a wallet in the browser said pays it, once read, and why it does not. */
  hintRefused?: { signature: string; reason: string };
  /** Signatures listed on the reference's own history and not read yet. */
  unread?: string[];
  /** A walk down the reference's history (newest first) that has not reached the end: where it began and how far it got. */
  walk?: { top: string; before: string };
  /** The newest signature of the last walk that reached the end: nothing at or before it is listed again. */
  seenUntil?: string;
  /** When a look last spent a call on it. */
  servedAt?: number;
}

/** What one look leaves for the next, and for every poll in between. */
export interface LookState {
  lookedAt: number;
  /** Why the last look failed (the RPC could not be read): told to every poll until the next one. */
  failure?: string;
  /** Per recipient, the newest signature of its history a look listed: the next lists only what is newer. */
  feedTop: Record<string, string>;
  /** Transactions to a recipient listed but not read yet, oldest first: reading one tells which checkout it pays. */
  feedUnread: string[];
  /** Per group, when a look last spent a call on it: the group waiting longest goes first. */
  groupsServedAt: Record<string, number>;
}

export interface OpenCheckout {
  reference: string;
  asked: Asked;
  /** The signature the browser's wallet said pays it (Phantom), if any. */
  hint?: string;
  finding: Finding;
}

/**
 * The checkouts being asked about, shared by every instance (Redis with REDIS_URL, else this instance's
 * memory), so that one look per interval, whichever instance takes it, serves every open checkout and every
 * instance answers from what it found.
 */
export interface WatchBoard {
  /** Records a poll (and a wallet's signature for it, if any); answers what the looks found so far. */
  ask(reference: string, asked: Omit<Asked, 'polledAt'>, hint: string | undefined, now: number): Promise<Finding | null>;
  finding(reference: string): Promise<Finding | null>;
  lookState(): Promise<LookState | null>;
  /**
   * This interval's look, when no instance took it yet: held until `finishLook`, so a slow look (a lagging RPC)
   * never runs beside another's.
   */
  takeLook(intervalMs: number, now: number): Promise<boolean>;
  /** The look taken at `startedAt` is over: the next may start an interval after it began. */
  finishLook(startedAt: number, intervalMs: number, now: number): Promise<void>;
  /** The checkouts polled since `since`, at most `max`, the most recently polled first. */
  open(since: number, max: number): Promise<OpenCheckout[]>;
  saveLook(state: LookState, findings: Map<string, Finding>): Promise<void>;
  /** Remembers signatures of transactions a look listed on a recipient's history (bounded: the oldest go first). */
  addToFeed(signatures: string[]): Promise<void>;
  /** Which of these signatures a look listed on a recipient's history. */
  inFeed(signatures: string[]): Promise<Set<string>>;
  /** Looks read the recipients' histories until `until` even with no checkout open (the studio reconciling them). */
  wantFeed(until: number): Promise<void>;
  feedWantedUntil(): Promise<number>;
}

export const emptyLookState = (): LookState => ({ lookedAt: -Infinity, feedTop: {}, feedUnread: [], groupsServedAt: {} });

/** Signatures remembered from recipients' histories: a few looks' worth of a busy recipient. */
export const FEED_KEPT = 20_000;

/** The board in this instance's memory: without Redis, or while it fails. Bounded by `maxCheckouts`. */
export function memoryWatchBoard(maxCheckouts = 10_000): WatchBoard {
  const asked = new Map<string, Asked>();
  const hints = new Map<string, string>();
  const findings = new Map<string, Finding>();
  const feed = new Set<string>();
  let state: LookState | null = null;
  let lockedUntil = -Infinity;
  let feedWanted = -Infinity;

  const forgetOldest = () => {
    // A Map keeps insertion order, and every poll re-inserts: the first key is the one polled longest ago.
    const oldest = asked.keys().next().value!;
    for (const map of [asked, hints, findings]) map.delete(oldest);
  };

  return {
    async ask(reference, what, hint, now) {
      asked.delete(reference);
      if (asked.size >= maxCheckouts) forgetOldest();
      asked.set(reference, { ...what, polledAt: now });
      if (hint) hints.set(reference, hint);
      return findings.get(reference) ?? null;
    },
    finding: async (reference) => findings.get(reference) ?? null,
    lookState: async () => state,
    async takeLook(intervalMs, now) {
      if (now < lockedUntil) return false;
      lockedUntil = now + intervalMs;
      return true;
    },
    // One instance: its own looks never overlap (payment-watch.ts runs one at a time).
    finishLook: async () => {},
    async open(since, max) {
      return [...asked]
        .filter(([, entry]) => entry.polledAt >= since)
        .reverse()
        .slice(0, max)
        .map(([reference, entry]) => ({ reference, asked: entry, hint: hints.get(reference), finding: findings.get(reference) ?? {} }));
    },
    async saveLook(next, changed) {
      state = next;
      for (const [reference, finding] of changed) if (asked.has(reference)) findings.set(reference, finding);
    },
    async addToFeed(signatures) {
      for (const signature of signatures) feed.add(signature);
      for (const signature of feed) {
        if (feed.size <= FEED_KEPT) break;
        feed.delete(signature);
      }
    },
    inFeed: async (signatures) => new Set(signatures.filter((signature) => feed.has(signature))),
    wantFeed: async (until) => void (feedWanted = Math.max(feedWanted, until)),
    feedWantedUntil: async () => feedWanted,
  };
}
