import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { startOutageProxy } from '@/e2e/support/outage-proxy';
import type { StoredCheckout } from '@/lib/payments/checkout/checkout';
import { CHECKOUT_KEPT_MS } from '@/lib/payments/checkout/checkout-kept';
import { LEGACY_GENESIS_HASH } from '@/lib/payments/chain/cluster';
import { fileLedger, firestoreLedger, type Ledger, type Purchase } from '@/lib/payments/ledger/ledger';
import { testFirestore, type TestFirestore } from '../support/firestore';
import { TEST_CLUSTER as CLUSTER, purchaseRecord } from '../support/purchase-record';

const purchase = purchaseRecord;

const BROWSER_A = 'browser-a-0123456789ab';
const BROWSER_B = 'browser-b-0123456789ab';
const BROWSER_C = 'browser-a-0123456789ac';

const checkoutRecord = (reference: string): StoredCheckout => ({
  reference,
  path: 'trailers/a',
  title: 'A',
  recipient: 'rcpt',
  price: { currency: 'SOL', units: 10_000_000 },
  kind: 'buy',
  issuedAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  holder: 'holder-0123456789abcd',
  browser: BROWSER_A,
  cluster: CLUSTER,
});

const transfer = (signature: string, at: number, cluster = CLUSTER) => ({
  signature,
  cluster,
  at,
  payer: 'payer',
  amount: { currency: 'SOL' as const, units: 5 },
});

/** Both ledgers promise the same thing: a signature is claimed once, whatever the race, and a browser keeps everything it was granted. */
function ledgerContract(name: string, make: () => Promise<Ledger>) {
  describe(`ledger contract: ${name}`, () => {
    it('creates a purchase once: a second claim of the same signature fails and changes nothing', async () => {
      const ledger = await make();
      expect(await ledger.create(purchase('sig1', 'first'))).toBe(true);
      expect(await ledger.create(purchase('sig1', 'second', 'trailers/z'))).toBe(false);
      expect((await ledger.get('sig1'))?.wallet).toBe('first');
      expect(await ledger.get('missing')).toBeNull();
    });

    it('lets exactly one of many simultaneous claims win, and keeps the winner’s record', async () => {
      const ledger = await make();
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => ledger.create(purchase('race', `w${i}`))));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect((await ledger.get('race'))?.wallet).toBe(`w${claims.indexOf(true)}`);
      const nonces = await Promise.all(Array.from({ length: 20 }, () => ledger.spendNonce('race-nonce', Date.now() + 60_000)));
      expect(nonces.filter(Boolean)).toHaveLength(1);
    });

    it('finds a wallet’s purchases and spends a nonce once', async () => {
      const ledger = await make();
      await ledger.create(purchase('w1', 'buyer', 'trailers/a'));
      await ledger.create(purchase('w2', 'buyer', 'series/b'));
      await ledger.create(purchase('w3', 'stranger', 'series/c'));
      expect((await ledger.byWallet('buyer', CLUSTER)).map((p) => p.path).sort()).toEqual(['series/b', 'trailers/a']);
      expect(await ledger.spendNonce('n1', Date.now() + 60_000)).toBe(true);
      expect(await ledger.spendNonce('n1', Date.now() + 60_000)).toBe(false);
    });

    it('keeps a checkout by its reference, created once', async () => {
      const ledger = await make();
      const checkout = checkoutRecord('ref-1');
      expect(await ledger.recordCheckout(checkout)).toBe(true);
      expect(await ledger.recordCheckout({ ...checkout, browser: BROWSER_B })).toBe(false);
      expect(await ledger.checkoutOf('ref-1')).toEqual(checkout);
      expect(await ledger.checkoutOf('ref-2')).toBeNull();
    });

    it('keeps the browser that claimed a purchase', async () => {
      const ledger = await make();
      const withBrowser = { ...purchase('b1', 'buyer'), browser: BROWSER_A };
      expect(await ledger.create(withBrowser)).toBe(true);
      expect(await ledger.get('b1')).toEqual(withBrowser);
      // Purchases recorded before browsers were remembered still read back.
      await ledger.create(purchase('b0', 'buyer'));
      expect(await ledger.get('b0')).toEqual(expect.not.objectContaining({ browser: expect.anything() }));
    });

    it('grants a path to a browser, once however often it is granted', async () => {
      const ledger = await make();
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual([]);
      await ledger.grant(BROWSER_A, 'trailers/a', 'sig-1', CLUSTER);
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual(['trailers/a']);
      await ledger.grant(BROWSER_A, 'trailers/a', 'sig-1', CLUSTER);
      await ledger.grant(BROWSER_A, 'trailers/a', 'restore:wallet', CLUSTER);
      await Promise.all(Array.from({ length: 5 }, () => ledger.grant(BROWSER_A, 'trailers/a', 'sig-race', CLUSTER)));
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual(['trailers/a']);
    });

    it('keeps a rental apart from owning: each rental its own grant, none of them owned, and its first play recorded once', async () => {
      const ledger = await make();
      await ledger.grant(BROWSER_A, 'shortFilms/f', 'sig-rent-1', CLUSTER, 'rent');
      await ledger.grant(BROWSER_A, 'shortFilms/f', 'sig-rent-2', CLUSTER, 'rent');
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual([]);
      expect((await ledger.grantsOf(BROWSER_A, CLUSTER)).map(({ via, kind }) => [via, kind]).sort()).toEqual([
        ['sig-rent-1', 'rent'],
        ['sig-rent-2', 'rent'],
      ]);
      // Bought after renting: owned, beside the rentals it keeps.
      await ledger.grant(BROWSER_A, 'shortFilms/f', 'sig-buy', CLUSTER);
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual(['shortFilms/f']);

      expect(await ledger.rentalStartOf('sig-rent-1')).toBeNull();
      const starts = await Promise.all([1_000, 2_000, 3_000].map((at) => ledger.startRental('sig-rent-1', at)));
      expect(new Set(starts).size).toBe(1);
      expect(await ledger.rentalStartOf('sig-rent-1')).toBe(starts[0]);
      expect(await ledger.startRental('sig-rent-1', 9_000)).toBe(starts[0]);
    });

    it('shows a browser only its own grants', async () => {
      const ledger = await make();
      await ledger.grant(BROWSER_A, 'trailers/a', 'sig-a', CLUSTER);
      await ledger.grant(BROWSER_B, 'series/b', 'sig-b', CLUSTER);
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual(['trailers/a']);
      expect(await ledger.ownedBy(BROWSER_B, CLUSTER)).toEqual(['series/b']);
      expect(await ledger.ownedBy(BROWSER_C, CLUSTER)).toEqual([]);
    });

    it('remembers every purchase of a browser: 200 grants all come back (the old cookie kept 60)', async () => {
      const ledger = await make();
      const paths = Array.from({ length: 200 }, (_, i) => `trailers/t${String(i).padStart(3, '0')}`);
      for (let i = 0; i < paths.length; i += 25) {
        await Promise.all(paths.slice(i, i + 25).map((path) => ledger.grant(BROWSER_A, path, `sig-${path}`, CLUSTER)));
      }
      const owned = await ledger.ownedBy(BROWSER_A, CLUSTER);
      expect(owned).toHaveLength(200);
      expect([...owned].sort()).toEqual(paths);
      expect(await ledger.ownedBy(BROWSER_B, CLUSTER)).toEqual([]);
    });

    it('binds purchases and grants to their cluster: one made on another cluster unlocks and restores nothing here', async () => {
      const ledger = await make();
      await ledger.create(purchase('other-sig', 'buyer', 'trailers/a', { cluster: 'another-genesis-hash' }));
      await ledger.grant(BROWSER_A, 'trailers/a', 'other-sig', 'another-genesis-hash');
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual([]);
      expect(await ledger.byWallet('buyer', CLUSTER)).toEqual([]);
      expect(await ledger.ownedBy(BROWSER_A, 'another-genesis-hash')).toEqual(['trailers/a']);
      // The same title bought on this cluster too is a grant of its own.
      await ledger.grant(BROWSER_A, 'trailers/a', 'this-sig', CLUSTER);
      expect(await ledger.ownedBy(BROWSER_A, CLUSTER)).toEqual(['trailers/a']);
    });

    it('reads records written before purchases named a cluster as devnet’s', async () => {
      const ledger = await make();
      // Written as before: without the field.
      const legacy: Partial<Purchase> = purchase('legacy-sig', 'buyer');
      delete legacy.cluster;
      await ledger.create(legacy as Purchase);
      expect(await ledger.get('legacy-sig')).toMatchObject({ cluster: LEGACY_GENESIS_HASH });
      expect(await ledger.byWallet('buyer', CLUSTER)).toEqual([]);
    });

    it('keeps where a wallet’s scan stopped, overwritten by the next', async () => {
      const ledger = await make();
      expect(await ledger.scanOf('wallet-1')).toBeNull();
      await ledger.saveScan('wallet-1', { cluster: CLUSTER, top: 's9', before: 's5' });
      await ledger.saveScan('wallet-1', { cluster: CLUSTER, seenUntil: 's9' });
      expect(await ledger.scanOf('wallet-1')).toEqual({ cluster: CLUSTER, seenUntil: 's9' });
    });

    it('answers no checkout once it is past its keeping (30 days), even before it is deleted', async () => {
      const ledger = await make();
      const old = { ...checkoutRecord('ref-old'), issuedAt: Date.now() - CHECKOUT_KEPT_MS - 1 };
      await ledger.recordCheckout(old);
      expect(await ledger.checkoutOf('ref-old')).toBeNull();
    });

    it('pages the sales of a range newest first, sales of the same millisecond neither skipped nor repeated, on its cluster only', async () => {
      const ledger = await make();
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();
      const sales = ['s1', 's2', 's3', 's4', 's5'].map((signature, index) =>
        purchase(signature, 'buyer', 'trailers/a', { verifiedAt: at(index < 3 ? 0 : index) }),
      );
      for (const sale of sales) await ledger.create(sale);
      await ledger.create(purchase('other-cluster', 'buyer', 'trailers/a', { verifiedAt: at(1), cluster: 'another' }));
      await ledger.create(purchase('next-day', 'buyer', 'trailers/a', { verifiedAt: '2026-11-21T00:00:00.000Z' }));
      const seen: string[] = [];
      let after: Purchase | undefined;
      for (;;) {
        const page = await ledger.salesBetween(CLUSTER, '2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z', 2, after);
        seen.push(...page.map((sale) => sale.signature));
        if (page.length < 2) break;
        after = page.at(-1);
      }
      expect(seen).toEqual(['s5', 's4', 's3', 's2', 's1']);
    });

    it('notes a transfer to the recipient once, and lists the newest of its cluster first', async () => {
      const ledger = await make();
      await ledger.noteTransfer({ ...transfer('t1', 1_000), checkout: { reference: 'ref', path: 'trailers/a', title: 'A' } }, 'unclaimed');
      await ledger.noteTransfer(transfer('t1', 9_000), 'unclaimed');
      await ledger.noteTransfer(transfer('t2', 2_000), 'unclaimed');
      await ledger.noteTransfer(transfer('t3', 3_000, 'another'), 'unclaimed');
      const listed = await ledger.transfersIn('unclaimed', CLUSTER, 10);
      expect(listed.map((each) => each.signature)).toEqual(['t2', 't1']);
      expect(listed[1]).toMatchObject({ at: 1_000, checkout: { title: 'A' } });
    });

    it('keeps unclaimed payments, strays and dust in lists of their own: a flood of one never pushes another off', async () => {
      const ledger = await make();
      await ledger.noteTransfer({ ...transfer('paid', 1_000), checkout: { reference: 'ref', path: 'trailers/a', title: 'A' } }, 'unclaimed');
      await ledger.noteTransfer(transfer('tip', 2_000), 'stray');
      await Promise.all(Array.from({ length: 30 }, (_, i) => ledger.noteTransfer(transfer(`dust-${i}`, 5_000 + i), 'dust')));
      expect((await ledger.transfersIn('unclaimed', CLUSTER, 5)).map((each) => each.signature)).toEqual(['paid']);
      expect((await ledger.transfersIn('stray', CLUSTER, 5)).map((each) => each.signature)).toEqual(['tip']);
      expect((await ledger.transfersIn('dust', CLUSTER, 5)).map((each) => each.signature)).toEqual(['dust-29', 'dust-28', 'dust-27', 'dust-26', 'dust-25']);
    });

    it('answers the smallest price a kept checkout asks, per cluster and currency', async () => {
      const ledger = await make();
      expect(await ledger.smallestAsked(CLUSTER, 'SOL')).toBeNull();
      const priced = (reference: string, price: StoredCheckout['price'], cluster = CLUSTER) => ({ ...checkoutRecord(reference), price, cluster });
      await ledger.recordCheckout(priced('a', { currency: 'SOL', units: 30_000_000 }));
      await ledger.recordCheckout(priced('b', { currency: 'SOL', units: 4_000_000 }));
      await ledger.recordCheckout(priced('c', { currency: 'USDC', units: 990_000 }));
      await ledger.recordCheckout(priced('d', { currency: 'SOL', units: 1_000 }, 'another'));
      expect(await ledger.smallestAsked(CLUSTER, 'SOL')).toBe(4_000_000);
      expect(await ledger.smallestAsked(CLUSTER, 'USDC')).toBe(990_000);
    });

    it('grants paths with slashes, long paths and paths that differ only slightly, each on its own', async () => {
      const ledger = await make();
      const paths = [
        'series/salt-road/seasons/s1/episodes/e1',
        'series/salt-road/seasons/s1',
        'series/salt-road',
        'shortFilms/x/episodes/ep_1.final',
        `series/${'l'.repeat(1500)}`,
        `series/${'l'.repeat(1499)}m`,
      ];
      for (const path of paths) await ledger.grant(BROWSER_A, path, 'sig', CLUSTER);
      expect([...(await ledger.ownedBy(BROWSER_A, CLUSTER))].sort()).toEqual([...paths].sort());
    });
  });
}

ledgerContract('file ledger', async () => fileLedger(await mkdtemp(join(tmpdir(), 'solenema-ledger-'))));

describe('expiring records', () => {
  it('carry expireAt, a Firestore Timestamp, for the TTL policy: a checkout 30 days after it was issued, a nonce when its challenge ends', async () => {
    const project = await testFirestore('demo-ledger-expiry');
    try {
      const ledger = firestoreLedger(project.db, 5_000);
      const checkout = checkoutRecord('ref-ttl');
      await ledger.recordCheckout(checkout);
      const stored = (await project.db.doc('checkouts/ref-ttl').get()).get('expireAt') as unknown;
      expect(stored).toBeInstanceOf(Timestamp);
      expect((stored as Timestamp).toMillis()).toBe(checkout.issuedAt + CHECKOUT_KEPT_MS);
      const challengeEnds = Date.now() + 10 * 60_000;
      await ledger.spendNonce('nonce-ttl', challengeEnds);
      expect(((await project.db.doc('restoreNonces/nonce-ttl').get()).get('expireAt') as Timestamp).toMillis()).toBe(challengeEnds);
      await ledger.saveScan('wallet-ttl', { cluster: CLUSTER });
      expect((await project.db.doc('walletScans/wallet-ttl').get()).get('expireAt')).toBeInstanceOf(Timestamp);
    } finally {
      await project.close();
    }
  });

  it('are pruned from the file ledger once expired, before the next write of their kind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'solenema-ledger-'));
    await fileLedger(dir).recordCheckout({ ...checkoutRecord('ref-gone'), issuedAt: Date.now() - CHECKOUT_KEPT_MS - 1 });
    await fileLedger(dir).spendNonce('nonce-gone', Date.now() - 1);
    await fileLedger(dir).spendNonce('nonce-kept', Date.now() + 60_000);
    // A fresh ledger (a restart) prunes on its first write of each kind.
    const ledger = fileLedger(dir);
    await ledger.recordCheckout(checkoutRecord('ref-new'));
    await ledger.spendNonce('nonce-new', Date.now() + 60_000);
    expect((await readdir(join(dir, 'checkouts'))).sort()).toEqual(['ref-new.json']);
    expect((await readdir(join(dir, 'restore-nonces'))).sort()).toEqual(['nonce-kept.json', 'nonce-new.json']);
  });
});

const projects: TestFirestore[] = [];
afterAll(() => Promise.all(projects.map((project) => project.close())));

ledgerContract('Firestore ledger (emulator)', async () => {
  // A fresh emulated project per test keeps the tests independent.
  const project = await testFirestore(`demo-ledger-${projects.length}`);
  projects.push(project);
  return firestoreLedger(project.db, 5_000);
});

describe('Firestore ledger while Firestore is unreachable', () => {
  it('gives up within its deadline (firebase-admin alone retries for minutes), and works again once Firestore is back', async () => {
    const proxy = await startOutageProxy(inject('firestoreHost'));
    const project = await testFirestore('demo-ledger-outage', proxy.host);
    projects.push(project);
    const ledger = firestoreLedger(project.db, 400);
    await ledger.grant('browser-a', 'trailers/a', 'sig', CLUSTER);
    proxy.setOutage('everything');
    try {
      const started = Date.now();
      await expect(ledger.grant('browser-a', 'trailers/b', 'sig', CLUSTER)).rejects.toThrow(/took longer than 400 ms/);
      await expect(ledger.ownedBy('browser-a', CLUSTER)).rejects.toThrow(/took longer than 400 ms/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      proxy.setOutage('none');
    }
    await ledger.grant('browser-a', 'trailers/b', 'sig', CLUSTER);
    expect((await ledger.ownedBy('browser-a', CLUSTER)).sort()).toEqual(['trailers/a', 'trailers/b']);
    await project.close();
    projects.pop();
    await proxy.stop();
  });
});
