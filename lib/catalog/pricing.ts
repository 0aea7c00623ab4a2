/**
 * A title's own prices, as an operator writes them in the Firebase console: `price` to buy and `rentalPrice` with
 * `rentalHours` to rent, in `currency` ("SOL", the default, or "USDC"). Plain numbers (0.05, 2.5); a document with
 * none of these fields sells at the site's default price (PRICE_LAMPORTS, in SOL), as the seed's documents do.
 * Anything else (a string, a negative, more decimals than the currency has, a currency we do not take, a rental
 * without its length) is malformed: the title is not sold at a guessed price, the read logs why, and
 * `npm run catalog:check` names it. Plain module: the browser formats the same amounts.
 */

export const CURRENCIES = { SOL: { decimals: 9 }, USDC: { decimals: 6 } } as const;
type Currency = keyof typeof CURRENCIES;

/** An amount in its currency's smallest unit (lamports; USDC's millionths): a whole number, exact. */
export interface Amount {
  currency: Currency;
  units: number;
}

interface Rental {
  price: Amount;
  hours: number;
}

/** What a title's document sets: `default` (no price field: the site's price), its own offers, or malformed (not sold). */
export type Pricing = { kind: 'default' } | { kind: 'own'; buy: Amount | null; rent: Rental | null } | { kind: 'malformed'; problems: string[] };

/** A rental plays within 30 days of paying, so no rental is longer. */
const MAX_RENTAL_HOURS = 30 * 24;

const DEFAULT: Pricing = { kind: 'default' };

/** A number of `currency` as its smallest units, or why it cannot be a price. */
export function unitsOf(value: unknown, currency: Currency, field: string): number | string {
  if (typeof value !== 'number') return `${field} must be a number (such as 0.05), not ${JSON.stringify(value)}`;
  if (!Number.isFinite(value) || value <= 0) return `${field} must be above 0`;
  const { decimals } = CURRENCIES[currency];
  const units = Math.round(value * 10 ** decimals);
  // A price with more decimals than the currency has would be charged rounded: never a guess.
  if (Math.abs(units - value * 10 ** decimals) > 1e-6 || units === 0) return `${field} has more than ${decimals} decimals, the most ${currency} has`;
  if (!Number.isSafeInteger(units)) return `${field} is too large`;
  return units;
}

/** Reads a document's pricing fields: never throws, and never drops the document (it is shown, and not sold, when malformed). */
export function pricingOf(data: Record<string, unknown>): Pricing {
  const { price, currency: named, rentalPrice, rentalHours } = data;
  // A field set to null in the console says a price was meant: not the site's price, a price to fix.
  if (price === null) return { kind: 'malformed', problems: ['price is null: set a number (such as 0.05), or delete the field to sell at the site’s price'] };
  if ([price, named, rentalPrice, rentalHours].every((value) => value === undefined || value === null)) return DEFAULT;
  const problems: string[] = [];
  const currency = typeof named === 'string' ? named.trim().toUpperCase() : named === undefined || named === null ? 'SOL' : null;
  if (currency === null || !(currency in CURRENCIES)) {
    return { kind: 'malformed', problems: [`currency must be "SOL" or "USDC", not ${JSON.stringify(named)}`] };
  }
  const within = currency as Currency;
  let buy: Amount | null = null;
  if (price !== undefined && price !== null) {
    const units = unitsOf(price, within, 'price');
    if (typeof units === 'string') problems.push(units);
    else buy = { currency: within, units };
  }
  let rent: Rental | null = null;
  const renting = rentalPrice !== undefined && rentalPrice !== null;
  const lasting = rentalHours !== undefined && rentalHours !== null;
  if (renting !== lasting) problems.push('rentalPrice and rentalHours go together: a rental needs both');
  else if (renting) {
    const units = unitsOf(rentalPrice, within, 'rentalPrice');
    if (typeof units === 'string') problems.push(units);
    if (typeof rentalHours !== 'number' || !Number.isInteger(rentalHours) || rentalHours < 1 || rentalHours > MAX_RENTAL_HOURS) {
      problems.push(`rentalHours must be a whole number of hours from 1 to ${MAX_RENTAL_HOURS}`);
    } else if (typeof units === 'number') rent = { price: { currency: within, units }, hours: rentalHours };
  }
  // Renting then buying is charged the difference: a rental at or above the price would make the purchase cost nothing.
  if (buy && rent && rent.price.units >= buy.units) problems.push('rentalPrice must be below price: buying after a rental is charged the difference');
  if (problems.length > 0) return { kind: 'malformed', problems };
  if (!buy && !rent) return { kind: 'malformed', problems: ['a currency without a price: set price, or rentalPrice and rentalHours'] };
  return { kind: 'own', buy, rent };
}

/** "0.05 SOL", "2.50 USDC": what a visitor reads, from the amount charged, never typed as text. */
export function formatAmount({ currency, units }: Amount): string {
  const value = units / 10 ** CURRENCIES[currency].decimals;
  const shown =
    currency === 'USDC'
      ? value.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 6 })
      : value.toLocaleString('en', { maximumFractionDigits: 9 });
  return `${shown} ${currency}`;
}

/** "48 hours", "7 days": a rental's length. */
export function formatHours(hours: number): string {
  if (hours % 24 === 0 && hours >= 48) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** "0.05", "2.5": an amount as a plain decimal number in its currency, exact (no grouping, no rounding), for exports. */
export function decimalAmount({ currency, units }: Amount): string {
  const { decimals } = CURRENCIES[currency];
  const digits = String(units).padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}
