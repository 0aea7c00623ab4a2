/**
 * Payments signed but not yet acknowledged by the server, kept in localStorage so a closed tab
 * or an unreachable RPC never loses one: the next page load finishes them.
 */
const KEY = 'solenema:pending-payments';

export interface PendingPayment {
  checkout: string;
  signature: string;
  path: string;
  savedAt: number;
}

export function pendingPayments(): PendingPayment[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter(isPending) : [];
  } catch {
    return [];
  }
}

export function savePending(payment: PendingPayment) {
  write([...pendingPayments().filter((p) => p.signature !== payment.signature), payment]);
}

export function forgetPending(signature: string) {
  write(pendingPayments().filter((p) => p.signature !== signature));
}

function write(payments: PendingPayment[]) {
  try {
    if (payments.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(payments));
  } catch {
    // Storage full or disabled: the payment still completes in this tab.
  }
}

function isPending(value: unknown): value is PendingPayment {
  const p = value as PendingPayment;
  return typeof p?.checkout === 'string' && typeof p.signature === 'string' && typeof p.path === 'string';
}
