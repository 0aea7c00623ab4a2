/**
 * `npm run recount`: repairs every title's purchase count (and its place in "popular") from the
 * `purchases` ledger, then asks the site to refresh the titles that moved.
 */
import { recountPurchases } from '../lib/catalog/purchase-count';
import { revalidateSite } from './revalidate-site';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase-admin-app';

async function main() {
  const env = parseEnv(process.env);
  if (!firestoreConfigured(env)) {
    console.error('recount: no Firestore configured (purchase counts live in Firestore). Set FIRESTORE_EMULATOR_HOST or Firebase credentials.');
    process.exit(1);
  }
  const changed = await recountPurchases(firestore(env));
  console.log(`recount: ${changed.length} titles corrected${changed.length > 0 ? `: ${changed.join(', ')}` : ''}`);
  console.log(await revalidateSite(process.env.NEXT_PUBLIC_SITE_URL, env.REVALIDATE_SECRET, changed));
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('recount failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
