/**
 * How long the server keeps a checkout, and credits a payment that matches it however late it lands:
 * a buyer who paid an expired QR still gets the title (the Firestore TTL policy deletes it after).
 * Plain module: the browser reads it too, to know how long a pending payment is worth asking about.
 */
export const CHECKOUT_KEPT_MS = 30 * 24 * 60 * 60_000;
