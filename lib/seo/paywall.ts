/**
 * The class that marks a locked page's paid part (its pay buttons, where the player opens once paid), and the selector
 * its JSON-LD names in Google's paywalled-content markup. Plain module: components and lib/seo share it.
 */
export const PAYWALLED_CLASS = 'paywalled';
export const PAYWALLED_SELECTOR = `.${PAYWALLED_CLASS}`;
