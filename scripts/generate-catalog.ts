/**
 * `npm run catalog:generate -- [--shape=large|100k|test]`: writes a generated catalog (e2e/support/generated-catalog.ts)
 * into the configured Firestore (an emulator: FIRESTORE_EMULATOR_HOST), beside what is there, with sort keys and
 * search entries, then asks the site to refresh (NEXT_PUBLIC_SITE_URL + REVALIDATE_SECRET), as `npm run seed` does.
 */
import { parseArgs } from 'node:util';
import { generateCatalog, HUNDRED_K_CATALOG, LARGE_CATALOG, TEST_CATALOG, type CatalogShape } from '../e2e/support/generated-catalog';
import { writeCatalog } from '../lib/catalog/seed-writer';
import { revalidateSite } from './revalidate-site';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase-admin-app';

async function main() {
  const { values } = parseArgs({ options: { shape: { type: 'string', default: 'large' } } });
  const shapes: Record<string, CatalogShape> = { large: LARGE_CATALOG, '100k': HUNDRED_K_CATALOG, test: TEST_CATALOG };
  const shape = Object.hasOwn(shapes, values.shape) ? shapes[values.shape]! : null;
  const env = parseEnv(process.env);
  if (!shape || !firestoreConfigured(env)) {
    console.error('catalog:generate: usage: --shape=large|100k|test, with FIRESTORE_EMULATOR_HOST (+ FIREBASE_PROJECT_ID) set.');
    process.exit(2);
  }
  const started = Date.now();
  const { written, total } = await writeCatalog(firestore(env), generateCatalog(shape));
  console.log(`catalog:generate: ${written.length} of ${total} documents written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    await revalidateSite(
      process.env.NEXT_PUBLIC_SITE_URL,
      env.REVALIDATE_SECRET,
      written.map((doc) => doc.path),
    ),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('catalog:generate failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
