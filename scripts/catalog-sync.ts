/**
 * `npm run catalog:sync [-- --seconds=N]`: indexes every title written or edited by hand since the site last did
 * (its sort key, so lists and sitemaps show it; its search entries) and removes what deleted titles left in
 * search. A `next build` with Firestore runs it before prerendering (next.config.ts), so a deploy of a
 * catalog written in the Firebase console is whole from its first visit. Reads each title once, never a season
 * or an episode unless its title changed. Starts no page of titles after `--seconds` (default 300): a bulk import of
 * thousands of titles must not hold a deploy near its time limit; what is left, the site's upkeep picks up.
 * Exit status 1 when Firestore cannot be read.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase-admin-app';
import { readsSoFar } from '../lib/firestore-reads';
import { censusStep, recordCheck } from '../lib/catalog/sync/census';
import { catalogUpkeep, type CatalogUpkeep } from '../lib/catalog/upkeep';

function budgetSeconds(): number {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '300' } } });
  const seconds = Number(values.seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`--seconds: expected a positive number, got ${values.seconds}`);
  return seconds;
}

async function main() {
  const seconds = budgetSeconds();
  const env = parseEnv(process.env);
  if (!firestoreConfigured(env)) {
    console.log('catalog:sync: no Firestore configured; the embedded catalog is indexed as it is read');
    return;
  }
  const db = firestore(env);
  const started = Date.now();
  // No earlier census: a pass over every kind's titles, so edits made while no site ran are found too.
  const step = await censusStep(db, null, null, started + seconds * 1000);
  // A pass cut short is kept where it stands: the site's next check goes on from there.
  await recordCheck(db, step);
  const { indexed, checked } = step;
  console.log(
    `catalog:sync: ${checked} titles and entries checked, ${indexed.length} indexed anew, ${readsSoFar()} reads, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const tree of indexed.slice(0, 20)) console.log(`  indexed ${tree}`);
  if (indexed.length > 20) console.log(`  … and ${indexed.length - 20} more`);
  if (step.pass) console.log(`catalog:sync: the pass stopped after ${seconds} s at ${JSON.stringify(step.pass)}; ${WHO_GOES_ON[catalogUpkeep(env).mode]}`);
}

/** Who indexes what a cut pass left, by the way the deployed site keeps its catalog (lib/catalog/upkeep.ts). */
const WHO_GOES_ON: Record<CatalogUpkeep['mode'], string> = {
  visits: "the site's checks go on from there after deploy",
  events:
    "every edit from now on arrives as an event; titles written before the trigger was deployed and not reached here are indexed by the cron's scan (daily, or call /api/cron/catalog-sync)",
  watch: "the server's listeners index every title left at their first look, when it starts",
  off: 'nothing goes on from there (the sync is off): run `npm run catalog:sync` again to finish',
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`catalog:sync: could not sync (${error instanceof Error ? error.message : error})`);
    process.exit(1);
  },
);
