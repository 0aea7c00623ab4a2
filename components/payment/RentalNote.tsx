'use client';

import cards from '../cards/cards.module.css';
import { usePurchases, type Rental } from './PurchasesContext';

const HOUR_MS = 60 * 60_000;

/** How long a playing rental has left, as of when the library was read (its first play starts it). */
function timeLeft({ startedAt, endsAt }: Rental, now: number): string {
  if (startedAt === null) return 'Rented: starts when you press play, within 30 days';
  const hours = Math.floor((endsAt - now) / HOUR_MS);
  return `Rented: ${hours >= 48 ? `${Math.floor(hours / 24)} days` : hours > 1 ? `${hours} hours` : 'less than 2 hours'} left`;
}

/**
 * Beside a rented title's play button, how long is left; beside its pay button, that the rental ended (`ended`: the
 * server no longer lets this browser play it, by the server's clock). Loaded on demand (LockedActions).
 */
export default function RentalNote({ rental, ended }: { rental: Rental; ended: boolean }) {
  const { readAt } = usePurchases();
  return <p className={cards.rentalNote}>{ended ? 'Your rental ended' : timeLeft(rental, readAt)}</p>;
}
