/** `AbCd…WxYz`: enough of an address or signature to recognise it. */
export const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** Lamports as SOL, as a buyer reads a price: `0.01 SOL`. */
export const formatSol = (lamports: number) => `${(lamports / 1_000_000_000).toLocaleString('en', { maximumFractionDigits: 9 })} SOL`;

/** The price the purchase dialog shows: the checkout's default (PRICE_LAMPORTS), 0.01 SOL. */
export const PRICE_SOL = '0.01 SOL';
