/** Where unfinished payments wait in localStorage (see pending.ts); apart, so a page can look without loading the rest. */
export const PENDING_PAYMENTS_KEY = 'solenema:pending-payments';
export const OPEN_TRANSFERS_KEY = 'solenema:open-transfers';

/** Whether an earlier visit left a payment to finish: only then is the code that finishes it loaded. */
export function hasLeftovers(): boolean {
  try {
    return localStorage.getItem(PENDING_PAYMENTS_KEY) !== null || localStorage.getItem(OPEN_TRANSFERS_KEY) !== null;
  } catch {
    return false;
  }
}
