/**
 * How often the site looks at the chain for its visitors, whatever the traffic (docs/security.md, "No
 * client can multiply the chain calls"): one look serves every open checkout, Phantom and Solana Pay alike,
 * so a payment waits at most about this long to be found (public RPC endpoints throttle per address).
 */
export const PAYMENTS_LOOK_MS = 3_000;
