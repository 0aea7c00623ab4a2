import { firestoreConfigured, parseEnv, type Env } from './schema';

function checkProduction(env: Env) {
  if (!env.ENTITLEMENT_SECRET) {
    throw new Error('ENTITLEMENT_SECRET: required in production (at least 32 random characters); it signs purchase cookies');
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
    const building = process.env.NEXT_PHASE === 'phase-production-build';
    if (env.NODE_ENV === 'production' && !building) checkProduction(env);
  } catch (error) {
    console.error(`Solenema cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
