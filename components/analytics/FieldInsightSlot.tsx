/**
 * Field insight is off: without a Firebase web config this is what the layout renders, and it is a
 * server component, so no page ships a byte of it. next.config.ts swaps in FieldInsightSlot.configured
 * at build time when the config is set.
 */
export function FieldInsightSlot() {
  return null;
}
