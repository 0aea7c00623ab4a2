import { firestoreConfigured, parseEnv, type Env } from './schema';
import { isBuilding } from './phase';

/** Settings whose development defaults would cost money in production: devnet RPCs and a recipient that is not the operator's. */
const EXPLICIT_IN_PRODUCTION = ['SOLANA_RECIPIENT', 'SOLANA_RPC_URL', 'NEXT_PUBLIC_SOLANA_RPC_URL'] as const;

const listed = (names: readonly string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** `source` is the raw environment: the parsed one has already filled the defaults in. */
export function checkProduction(env: Env, source: Record<string, string | undefined>) {
  if (!env.ENTITLEMENT_SECRET) {
    throw new Error('ENTITLEMENT_SECRET: required in production (at least 32 random characters); it signs purchase cookies');
  }
  const missing = EXPLICIT_IN_PRODUCTION.filter((name) => !source[name]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `${listed(missing)}: required in production. Without them payments go to a default devnet wallet that is not yours, ` +
        'through public devnet RPCs: set the wallet that receives payments and the RPC URLs of the cluster you sell on.',
    );
  }
  // Files in .data/ vanish with a Vercel instance (and cannot be written there at all): purchases would be lost.
  if (!firestoreConfigured(env) && (env.VERCEL || !env.LEDGER_DIR)) {
    throw new Error(
      'The purchase ledger needs Firestore in production: set FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY ' +
        '(or GOOGLE_APPLICATION_CREDENTIALS). Only a single server whose disk persists may keep it in files, by setting LEDGER_DIR (never on Vercel).',
    );
  }
}

/**
 * What the server must have before it serves a request. Next only logs an error thrown here and
 * keeps a half-started server running, so a problem ends the process instead.
 */
export function checkStartupEnv() {
  try {
    const env = parseEnv(process.env);
    // Written out so the build inlines it: browsers send payments through the RPC they were built with.
    const source = { ...process.env, NEXT_PUBLIC_SOLANA_RPC_URL: process.env.NEXT_PUBLIC_SOLANA_RPC_URL };
    if (env.NODE_ENV === 'production' && !isBuilding()) checkProduction(env, source);
    // Not fatal: visits keep titles current without it; only edits beneath a title wait for the daily scan it runs
    // (with the trigger, every edit arrives as an event and the scan is a backstop only).
    if (env.VERCEL && firestoreConfigured(env) && env.CATALOG_SYNC_SECONDS > 0 && !env.CRON_SECRET && !env.CATALOG_EVENTS_SECRET) {
      console.warn(
        'CRON_SECRET is not set: the Cron Job in vercel.json cannot run its daily scan, so a season or episode edited by hand reaches search only when its title is next edited.',
      );
    }
  } catch (error) {
    console.error(`Solenema cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
