import { parseEnv } from './lib/env/schema';

/** Runs once when the server starts: a bad environment stops it here with a readable message. */
export function register() {
  const env = parseEnv(process.env);
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  if (env.NODE_ENV === 'production' && !building && !env.ENTITLEMENT_SECRET && process.env.NEXT_RUNTIME === 'nodejs') {
    throw new Error('ENTITLEMENT_SECRET: required in production (at least 32 random characters), it signs purchase cookies');
  }
}
