import type { SalesCursor } from '../payments/ledger/ledger';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)~([1-9A-HJ-NP-Za-km-z]{32,90})$/;

/** Where the studio's sales page goes on from (`<verifiedAt>~<signature>`, as its "Older sales" link writes it), or null. */
export function salesCursorOf(value: string | null): SalesCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  return match ? { verifiedAt: match[1]!, signature: match[2]! } : null;
}

export const formatSalesCursor = ({ verifiedAt, signature }: SalesCursor) => `${verifiedAt}~${signature}`;
