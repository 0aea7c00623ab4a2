/** Where the catalog sync keeps its records in Firestore (beside the catalog, never a kind's collection). */
export const SYNC_RECORDS = {
  /** What the last sync did, for `npm run catalog:check` and the operator. */
  status: 'catalogSync/status',
  /** The visits' census and the pass under way (census.ts), the build's included. */
  census: 'catalogSync/census',
  /** The cron's scan: where its next step starts (scan.ts). */
  scan: 'catalogSync/scan',
} as const;
