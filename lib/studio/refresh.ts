/**
 * An open studio draws itself again this often, and each drawing keeps the chain looks reading the recipient's history
 * until the next: a payment that reaches the recipient shows within about one refresh. Plain module: the page's timer reads it.
 */
export const STUDIO_REFRESH_SECONDS = 15;
