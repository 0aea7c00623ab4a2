/** `AbCd…WxYz`: enough of an address or signature to recognise it. */
export const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/**
 * Lamports as SOL, as a buyer reads a price (10000000 → `0.01 SOL`): every price on the site is
 * written by this, from PRICE_LAMPORTS or a payment's own amount, never typed as text.
 */
export const formatSol = (lamports: number) => `${(lamports / 1_000_000_000).toLocaleString('en', { maximumFractionDigits: 9 })} SOL`;
