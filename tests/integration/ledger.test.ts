import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '@/e2e/support/firestore-emulator';
import { fileLedger, firestoreLedger, type Ledger, type Purchase } from '@/lib/payments/ledger';

const purchase = (signature: string, wallet: string, path = 'trailers/a'): Purchase => ({
  signature, wallet, path, lamports: 10_000_000, slot: 1, blockTime: 1, verifiedAt: new Date().toISOString(), reference: 'r',
});

/** Both ledgers promise the same thing: a signature is claimed once, whatever the race. */
function ledgerContract(name: string, make: () => Promise<Ledger>) {
  describe(`ledger contract: ${name}`, () => {
    it('creates a purchase once: a second claim of the same signature fails and changes nothing', async () => {
      const ledger = await make();
      expect(await ledger.create(purchase('sig1', 'first'))).toBe(true);
      expect(await ledger.create(purchase('sig1', 'second', 'trailers/z'))).toBe(false);
      expect((await ledger.get('sig1'))?.wallet).toBe('first');
      expect(await ledger.get('missing')).toBeNull();
    });

    it('lets exactly one of many simultaneous claims win', async () => {
      const ledger = await make();
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => ledger.create(purchase('race', `w${i}`))));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('finds a wallet’s purchases and spends a nonce once', async () => {
      const ledger = await make();
      await ledger.create(purchase('w1', 'buyer', 'trailers/a'));
      await ledger.create(purchase('w2', 'buyer', 'series/b'));
      await ledger.create(purchase('w3', 'stranger', 'series/c'));
      expect((await ledger.byWallet('buyer')).map((p) => p.path).sort()).toEqual(['series/b', 'trailers/a']);
      expect(await ledger.spendNonce('n1')).toBe(true);
      expect(await ledger.spendNonce('n1')).toBe(false);
    });
  });
}

ledgerContract('file ledger', async () => fileLedger(await mkdtemp(join(tmpdir(), 'solenema-ledger-'))));

let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
const apps: App[] = [];
beforeAll(async () => {
  emulator = await startFirestoreEmulator(8792);
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.METADATA_SERVER_DETECTION = 'none';
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.stop();
});

ledgerContract('Firestore ledger (emulator)', async () => {
  // A fresh emulated project per test keeps the tests independent.
  const app = initializeApp({ projectId: `demo-ledger-${apps.length}` }, `ledger-${apps.length}`);
  apps.push(app);
  return firestoreLedger(getFirestore(app));
});
