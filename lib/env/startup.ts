import { parseEnv } from './schema';

/**
 * What the server must have before it serves a request. Next only logs an error thrown here and
 * keeps a half-started server running, so a problem ends the process instead.
 */
export function checkStartupEnv() {
  try {
    const env = parseEnv(process.env);
    const building = process.env.NEXT_PHASE === 'phase-production-build';
    if (env.NODE_ENV === 'production' && !building && !env.ENTITLEMENT_SECRET) {
      throw new Error('ENTITLEMENT_SECRET: required in production (at least 32 random characters); it signs purchase cookies');
    }
  } catch (error) {
    console.error(`Solenema cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
