import { formatHours, type Amount } from '../../catalog/pricing';
import type { Purchase } from '../ledger/ledger';

/** A rental starts at its first play, which must come within this long of paying, as the big stores have it. */
export const START_RENTAL_WITHIN_MS = 30 * 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** One rental a browser holds, on the server's clock: paid, maybe started, and until when it plays. */
export interface RentalWindow {
  path: string;
  /** The purchase that paid it: its first play is recorded under this signature, whichever browser plays it. */
  signature: string;
  hours: number;
  /** What it cost: counted toward buying the title. */
  price: Amount;
  paidAt: number;
  startedAt: number | null;
  /** When it stops playing: its length after the first play, or, never played, when it can no longer be started. */
  endsAt: number;
}

/** The window of a rental purchase, from when it was paid and first played. */
export function rentalWindow(purchase: Purchase, startedAt: number | null): RentalWindow {
  const paidAt = purchase.blockTime !== null ? purchase.blockTime * 1000 : Date.parse(purchase.verifiedAt);
  const hours = purchase.hours ?? 0;
  const endsAt = startedAt === null ? paidAt + START_RENTAL_WITHIN_MS : startedAt + hours * HOUR_MS;
  return { path: purchase.path, signature: purchase.signature, hours, price: purchase.price, paidAt, startedAt, endsAt };
}

export const rentalPlays = (window: RentalWindow, now: number) => now < window.endsAt;

/** Why a rental no longer plays, as the player and the link say it. */
export function rentalEnded(window: RentalWindow, title: string): string {
  const when = new Date(window.endsAt).toUTCString();
  return window.startedAt === null
    ? `Your rental of ${title} was never played within 30 days of paying and ended on ${when}. Rent it again or buy it.`
    : `Your ${formatHours(window.hours)} rental of ${title} ended on ${when}. Rent it again or buy it.`;
}
