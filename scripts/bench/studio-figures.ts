/**
 * The studio's costs on Google's emulator (run by scripts/bench/studio.ts with FIRESTORE_EMULATOR_HOST set, under the
 * react-server condition like the site's own scripts): 1,000 sales and 10,000 plays over a month, recorded as the site
 * records them (lib/figures count and countOnce, the ledger), then the reads of a month's view and the writes each play
 * and sale cost. Prints one JSON line.
 */
import { DocumentReference } from 'firebase-admin/firestore';
import { count, countOnce, dayOf } from '../../lib/figures';
import { figures } from '../../lib/figures';
import { SHARDS } from '../../lib/figures/day-shards';
import { readsSoFar } from '../../lib/firestore-reads';
import { ledger, type Purchase } from '../../lib/payments/ledger/ledger';
import { saleFigures } from '../../lib/payments/reporting/sale-kind';

const SALES = 1_000;
const PLAYS = 10_000;
const TITLES = 200;
const BROWSERS = 3_000;
const DAYS = 30;
const CLUSTER = 'bench-cluster';
const DAY_MS = 86_400_000;

// Every write the site makes goes through a document's set, create or update: counted here.
let writes = 0;
const prototype = DocumentReference.prototype as unknown as Record<'set' | 'create' | 'update', (...args: unknown[]) => unknown>;
for (const method of ['set', 'create', 'update'] as const) {
  const original = prototype[method];
  prototype[method] = function (this: unknown, ...args: unknown[]) {
    writes += 1;
    return original.apply(this, args);
  };
}

/** Runs `work` for 0..n-1, `width` at a time. */
async function inTurns(n: number, width: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

const now = Date.now();
const at = (i: number, of: number) => now - DAYS * DAY_MS + Math.floor((i / of) * DAYS * DAY_MS);
const title = (i: number) => `trailers/bench-${i % TITLES}`;

async function main() {
  let before = writes;
  await inTurns(SALES, 20, async (i) => {
    const when = at(i, SALES);
    const sale: Purchase = {
      signature: `bench-sale-${i}`,
      wallet: `wallet-${i % 97}`,
      path: title(i * 7),
      price: i % 4 === 0 ? { currency: 'USDC', units: 2_500_000 } : { currency: 'SOL', units: 50_000_000 },
      kind: i % 5 === 0 ? 'rent' : 'buy',
      slot: i,
      blockTime: Math.floor(when / 1000),
      verifiedAt: new Date(when).toISOString(),
      reference: `bench-ref-${i}`,
      cluster: CLUSTER,
    };
    // As a claim records it (lib/payments/wiring.ts, without the catalog's popularity count): the purchase, then its day.
    if (await ledger.create(sale)) await count(sale.path, saleFigures(sale), when);
  });
  const writesPerSale = (writes - before) / SALES;

  before = writes;
  let counted = 0;
  await inTurns(PLAYS, 20, async (i) => {
    if (await countOnce(title(i), 'plays', { browser: `browser-${(i * 31) % BROWSERS}`, address: null }, at(i, PLAYS))) counted += 1;
  });
  const playWrites = writes - before;
  // The same browser playing the same title again that day: the instance remembers its mark, no write.
  before = writes;
  const again = 200;
  await inTurns(again, 20, (i) => countOnce(title(i), 'plays', { browser: `browser-${(i * 31) % BROWSERS}`, address: null }, at(i, PLAYS)));
  const writesPerRepeat = (writes - before) / again;

  const from = dayOf(now - (DAYS - 1) * DAY_MS);
  const to = dayOf(now);
  const today = dayOf(now);
  const firstReads = readsSoFar();
  const firstWrites = writes;
  await figures.days(from, to, today);
  const first = { reads: readsSoFar() - firstReads, writes: writes - firstWrites };
  const viewReads = readsSoFar();
  const month = await figures.days(from, to, today);
  const monthReads = readsSoFar() - viewReads;
  const salesReads = readsSoFar();
  await ledger.salesBetween(CLUSTER, `${from}T00:00:00.000Z`, new Date(now + DAY_MS).toISOString(), 51);
  const salesPageReads = readsSoFar() - salesReads;
  const largestDay = Math.max(...[...month.values()].map((day) => Buffer.byteLength(JSON.stringify(day))));

  const result = {
    sales: SALES,
    plays: PLAYS,
    countedPlays: counted,
    titles: TITLES,
    days: DAYS,
    writesPerSale,
    writesPerPlay: playWrites / PLAYS,
    writesPerCountedPlay: playWrites / Math.max(1, counted),
    writesPerRepeat,
    monthFirstView: first,
    monthReads,
    shards: SHARDS,
    salesPageReads,
    largestDayBytes: largestDay,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

void main();
