import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { env } from '../env/server';
import type { SigningKeys } from './signed-token';

/**
 * The key that signs cookies, checkouts and restore challenges. Production requires
 * ENTITLEMENT_SECRET (instrumentation.ts refuses to start without it); development generates one
 * and keeps it in .data/ so purchases survive a restart of `npm run dev`.
 */
function loadSecret(): string {
  if (env.ENTITLEMENT_SECRET) return env.ENTITLEMENT_SECRET;
  const dir = env.LEDGER_DIR ?? join(process.cwd(), '.data');
  const file = join(dir, 'entitlement-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const generated = randomBytes(32).toString('base64url');
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, generated, { mode: 0o600 });
    } catch {
      // A read-only filesystem: the secret then lives as long as this process.
    }
    console.warn(`[payments] ENTITLEMENT_SECRET is not set; using a generated development secret (${file}).`);
    return generated;
  }
}

/** Today's key signs; the previous one (ENTITLEMENT_SECRET_PREVIOUS, during a rotation) is still accepted. */
export const signingSecret: SigningKeys = env.ENTITLEMENT_SECRET_PREVIOUS ? [loadSecret(), env.ENTITLEMENT_SECRET_PREVIOUS] : loadSecret();
