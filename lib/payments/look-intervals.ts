/**
 * How often the site looks at the chain for its visitors, whatever the traffic (docs/security.md, "No
 * client can multiply the chain calls"): the signatures asked in between wait for one getSignatureStatuses
 * (a Phantom payment waits at most this long more), and one look serves every open Solana Pay checkout
 * (public RPC endpoints throttle per address).
 */
export const SIGNATURE_LOOK_MS = 2_000;
export const PAYMENTS_LOOK_MS = 3_000;
