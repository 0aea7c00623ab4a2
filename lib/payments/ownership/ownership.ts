import 'server-only';
import { LRUCache } from 'lru-cache';
import type { Visitor } from '../../identity/visitor';
import type { EntitlementsAnswer } from '../contract';
import { ledger, type Grant } from '../ledger/ledger';
import { ownedCache } from './owned-cache';
import { lazyLimiter, spend } from '../../http/limiter';
import { signingSecret } from '../../identity/signing-secret';
import { holderOf } from '../../identity/signed-token';
import { receiptFor, receiptsFor, type PaymentReceipt, type Receipt } from './receipts';
import { rentalPlays, rentalWindow, type RentalWindow } from './rentals';
import { unlocks } from './unlocks';
import { catalog, serverCluster } from '../wiring';

const knownLibraries = ownedCache<Library>();
/**
 * Browsers with only the readable hint (no proof) found owning nothing, for a while: the hint is a cookie anyone
 * can set, and setting it must not buy a ledger read per request.
 */
const hintedButEmpty = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });

/** Who asks about owning: the browser, and what its cookies prove (lib/identity/visitor.ts). */
export type Owner = Pick<Visitor, 'browser' | 'owns'>;

/** What a browser holds: paths it owns for good, and rentals (playing or ended, as the server's clock has them). */
export interface Library {
  owned: string[];
  rentals: RentalWindow[];
}

const EMPTY: Library = { owned: [], rentals: [] };

/** A rental grant's window: its purchase and its first play, a read each. */
async function windowOf(grant: Grant): Promise<RentalWindow | null> {
  const [purchase, startedAt] = await Promise.all([ledger.get(grant.via), ledger.rentalStartOf(grant.via)]);
  return purchase && purchase.kind === 'rent' ? rentalWindow(purchase, startedAt) : null;
}

/**
 * Everything this browser holds, from the ledger: nothing is ever dropped, however many. A browser never granted
 * anything (no owner proof) holds nothing, with no read: reads follow purchases, not cookies.
 */
export async function libraryOf({ browser, owns }: Owner): Promise<Library> {
  if (!browser || owns === 'none' || (owns === 'hinted' && hintedButEmpty.has(browser))) return EMPTY;
  const grants = await ledger.grantsOf(browser, await serverCluster());
  const owned = [...new Set(grants.filter((grant) => grant.kind === 'own').map((grant) => grant.path))];
  const rentals = (await Promise.all(grants.filter((grant) => grant.kind === 'rent').map(windowOf))).filter((window) => window !== null);
  const library = { owned, rentals };
  if (owned.length + rentals.length > 0) knownLibraries.remember(browser, library);
  else if (owns === 'hinted') hintedButEmpty.set(browser, true);
  return library;
}

/** A rental's window once it has started: its first play is recorded now unless one was (the first play wins). */
export async function startRental(window: RentalWindow, now: number): Promise<RentalWindow> {
  if (window.startedAt !== null) return window;
  const purchase = await ledger.get(window.signature);
  return purchase ? rentalWindow(purchase, await ledger.startRental(window.signature, now)) : window;
}

/** The paths this browser may play now: what it owns, and its rentals still playing. */
const playablePaths = (library: Library, now = Date.now()) => [...library.owned, ...library.rentals.filter((r) => rentalPlays(r, now)).map((r) => r.path)];

/** Whether this browser may play the video `videoPath` now (owned, or rented and playing): from memory when known, else the ledger. */
export async function ownsVideo(owner: Owner, videoPath: string): Promise<boolean> {
  const known = owner.browser && owner.owns !== 'none' ? knownLibraries.get(owner.browser) : null;
  if (known && unlocks(playablePaths(known), videoPath)) return true;
  return unlocks(playablePaths(await libraryOf(owner)), videoPath);
}

/** What the page unlocks for this browser, and the rentals it holds with their times. */
export async function entitlementsOf(owner: Owner): Promise<EntitlementsAnswer> {
  const library = await libraryOf(owner);
  return {
    paths: [...new Set(playablePaths(library))],
    rentals: library.rentals.map(({ path, hours, startedAt, endsAt }) => ({ path, hours, startedAt, endsAt })),
  };
}

/** Receipt pages a browser may open a minute: a person reading their receipts never meets it; a script does. */
const RECEIPT_PAGES_PER_MINUTE = 30;
const receiptPages = lazyLimiter({ name: 'receipt-pages', points: RECEIPT_PAGES_PER_MINUTE, durationSeconds: 60 });

/**
 * What a receipt page may read for this browser: 'read' only with the signed owner proof (the readable hint is a cookie
 * anyone can set: 'confirm' sends the page to the rate-limited library route, which proves a real owner), within
 * RECEIPT_PAGES_PER_MINUTE ('limited' then); 'none' for a browser never granted anything. Only 'read' costs reads.
 */
export type ReceiptAccess = 'read' | 'confirm' | 'limited' | 'none';

async function receiptAccess({ browser, owns }: Owner): Promise<ReceiptAccess> {
  if (!browser || owns === 'none') return 'none';
  if (owns === 'hinted') return 'confirm';
  return (await spend(receiptPages(), holderOf(signingSecret, 'receipt-pages', browser))).ok ? 'read' : 'limited';
}

/** "My purchases" for this browser, newest first (a read or two per purchase listed), or why none were read. */
export async function receiptsOf(owner: Owner): Promise<{ access: ReceiptAccess; receipts: Receipt[] }> {
  const access = await receiptAccess(owner);
  return { access, receipts: access === 'read' ? await receiptsFor(owner.browser!, await serverCluster(), { ledger, catalog }) : [] };
}

/** The receipt of payment `signature`, only for a browser that holds what it paid for (null for anyone else), or why none was read. */
export async function receiptOf(owner: Owner, signature: string): Promise<{ access: ReceiptAccess; receipt: PaymentReceipt | null }> {
  const access = await receiptAccess(owner);
  return { access, receipt: access === 'read' ? await receiptFor(owner.browser!, await serverCluster(), signature, { ledger, catalog }) : null };
}
