import { OPEN_TRANSFERS_KEY, PENDING_PAYMENTS_KEY } from './leftover-keys';

/**
 * Payments the server has not acknowledged yet, kept in localStorage so a closed tab or an
 * unreachable RPC never loses one: the next page load finishes them.
 */

/** A list in localStorage that survives a full, disabled or tampered storage (it then reads as empty). */
function storedList<T>(key: string, valid: (value: unknown) => value is T, idOf: (item: T) => string, limit = Infinity) {
  const all = (): T[] => {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      return Array.isArray(value) ? value.filter(valid) : [];
    } catch {
      return [];
    }
  };
  const write = (items: T[]) => {
    try {
      if (items.length === 0) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(items.slice(-limit)));
    } catch {
      // Storage full or disabled: the payment still completes in this tab.
    }
  };
  return {
    all,
    save: (item: T) => write([...all().filter((i) => idOf(i) !== idOf(item)), item]),
    forget: (id: string) => write(all().filter((i) => idOf(i) !== id)),
  };
}

/** A signed Phantom payment, from the moment its signature exists until the server has verified it. */
interface PendingPayment {
  checkout: string;
  signature: string;
  path: string;
  savedAt: number;
}

const isPending = (value: unknown): value is PendingPayment => {
  const p = value as PendingPayment;
  return typeof p?.checkout === 'string' && typeof p.signature === 'string' && typeof p.path === 'string';
};
const payments = storedList(PENDING_PAYMENTS_KEY, isPending, (p) => p.signature);
export const pendingPayments = payments.all;
export const savePending = payments.save;
export const forgetPending = payments.forget;

/**
 * A Solana Pay checkout whose QR code was shown: a phone may pay it after this tab is closed, so
 * later loads ask about it again, for a day. Only the latest few are kept.
 */
interface OpenTransfer {
  checkout: string;
  path: string;
  savedAt: number;
}

export const TRANSFER_WATCH_MS = 24 * 60 * 60_000;
const isOpenTransfer = (value: unknown): value is OpenTransfer => {
  const t = value as OpenTransfer;
  return typeof t?.checkout === 'string' && typeof t.path === 'string' && typeof t.savedAt === 'number';
};
const transfers = storedList(OPEN_TRANSFERS_KEY, isOpenTransfer, (t) => t.checkout, 10);
export const openTransfers = transfers.all;
export const rememberTransfer = transfers.save;
export const forgetTransfer = transfers.forget;
