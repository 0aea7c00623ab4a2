/**
 * The measurement of scripts/bench/chain.ts, run by it with the server's import conditions (the ledger is
 * server-only): the payment code's shared looks (lib/payments/signature-reads.ts, transfer-status.ts) with the
 * site's intervals, on a local chain that counts what it is asked. Each browser polls its QR checkout's status and
 * posts a made-up signature to verify every 1.5 s, as the dialog polls. Prints the figures as JSON.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { startLocalChain } from '../../e2e/support/chain';
import { embeddedDocuments } from '../../lib/catalog/embedded';
import { createLocalStore } from '../../lib/catalog/local';
import { createCatalog } from '../../lib/catalog/reads';
import { createCheckout } from '../../lib/payments/checkout';
import { fileLedger } from '../../lib/payments/ledger';
import { signatureReads } from '../../lib/payments/signature-reads';
import { watchTransfers } from '../../lib/payments/transfer-status';
import { verifyPayment } from '../../lib/payments/verify';
import { documentsToWrite } from '../../lib/catalog/indexing';

import { PAYMENTS_LOOK_MS, SIGNATURE_LOOK_MS } from '../../lib/payments/look-intervals';
import type { ChainCalls } from './chain';

const BROWSER_COUNTS = [1, 10, 100];
const MEASURED_MS = 30_000;
const POLL_MS = 1_500;
const PORT = 8961;
const SECRET = 'bench-chain-secret-0123456789abcdef';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One figure: `browsers` polling for MEASURED_MS against a fresh chain and fresh payment code, scaled to a minute. */
async function measure(browsers: number, port: number): Promise<ChainCalls> {
  const chain = await startLocalChain({ port });
  const dir = await mkdtemp(join(tmpdir(), 'solenema-bench-chain-'));
  try {
    const ledger = fileLedger(dir);
    const catalog = createCatalog(createLocalStore(documentsToWrite(embeddedDocuments())), { warn: () => {} });
    const connection = new Connection(chain.url, 'confirmed');
    const recipient = Keypair.generate().publicKey.toBase58();
    const cluster = await connection.getGenesisHash();
    const signatures = signatureReads({ connection, intervalMs: SIGNATURE_LOOK_MS });
    const deps = { ledger, catalog, cluster };
    const watch = watchTransfers({
      ...deps,
      connection: { getSignaturesForAddress: connection.getSignaturesForAddress.bind(connection), getParsedTransaction: signatures.listedTransaction },
      intervalMs: PAYMENTS_LOOK_MS,
    });
    const lockedPath = (await lockedTitle(catalog))!;
    const references = await Promise.all(
      Array.from({ length: browsers }, async (_, n) => {
        const started = await createCheckout(lockedPath, `bench-browser-${n}`, {
          ...deps,
          secret: SECRET,
          recipient,
          lamports: 10_000_000,
          catalog,
          checkouts: ledger,
        });
        if (!started.ok) throw new Error(started.reason);
        return started.checkout.reference;
      }),
    );
    const before = chain.calls();
    const until = Date.now() + MEASURED_MS;
    await Promise.all(
      references.map(async (reference, n) => {
        const browser = `bench-browser-${n}`;
        await sleep(Math.random() * POLL_MS);
        while (Date.now() < until) {
          const signature = bs58.encode(randomBytes(64));
          await Promise.all([
            watch(reference, browser),
            verifyPayment({ reference, signature, browser }, { ...deps, connection: { getParsedTransaction: signatures.transaction } }),
          ]);
          await sleep(POLL_MS);
        }
      }),
    );
    const perMinute = (n: number) => Math.round((n * 60_000) / MEASURED_MS);
    const counted = Object.entries(chain.calls()).map(([method, n]) => [method, perMinute(n - (before[method] ?? 0))] as const);
    const byMethod = Object.fromEntries(counted.filter(([, n]) => n > 0));
    return { browsers, callsPerMinute: Object.values(byMethod).reduce((sum, n) => sum + n, 0), byMethod };
  } finally {
    await chain.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function lockedTitle(catalog: ReturnType<typeof createCatalog>) {
  for (const { path } of embeddedDocuments()) if ((await catalog.getTitle(path))?.locked) return path;
  throw new Error('the embedded catalog has no locked title');
}

async function measureChainCalls(): Promise<ChainCalls[]> {
  const figures: ChainCalls[] = [];
  // A chain of its own per figure (port and port + 1 each): no count carries over.
  for (const [index, browsers] of BROWSER_COUNTS.entries()) figures.push(await measure(browsers, PORT + 2 * index));
  return figures;
}

void measureChainCalls().then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`));
