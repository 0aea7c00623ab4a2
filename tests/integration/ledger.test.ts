import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startOutageProxy } from '@/e2e/support/outage-proxy';
import { fileLedger, firestoreLedger, type Ledger } from '@/lib/payments/ledger';
import { testFirestore, type TestFirestore } from '../support/firestore';
import { purchaseRecord } from '../support/purchase-record';

const purchase = purchaseRecord;

const BROWSER_A = 'browser-a-0123456789ab';
const BROWSER_B = 'browser-b-0123456789ab';
const BROWSER_C = 'browser-a-0123456789ac';

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
      const nonces = await Promise.all(Array.from({ length: 20 }, () => ledger.spendNonce('race-nonce')));
      expect(nonces.filter(Boolean)).toHaveLength(1);
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

    it('keeps a checkout by its reference, created once', async () => {
      const ledger = await make();
      const checkout = {
        reference: 'ref-1',
        path: 'trailers/a',
        title: 'A',
        recipient: 'rcpt',
        lamports: 10_000_000,
        issuedAt: 1,
        expiresAt: 2,
        holder: 'holder-0123456789abcd',
        browser: BROWSER_A,
      };
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
      expect(await ledger.ownedBy(BROWSER_A)).toEqual([]);
      await ledger.grant(BROWSER_A, 'trailers/a', 'sig-1');
      expect(await ledger.ownedBy(BROWSER_A)).toEqual(['trailers/a']);
      await ledger.grant(BROWSER_A, 'trailers/a', 'sig-1');
      await ledger.grant(BROWSER_A, 'trailers/a', 'restore:wallet');
      await Promise.all(Array.from({ length: 5 }, () => ledger.grant(BROWSER_A, 'trailers/a', 'sig-race')));
      expect(await ledger.ownedBy(BROWSER_A)).toEqual(['trailers/a']);
    });

    it('shows a browser only its own grants', async () => {
      const ledger = await make();
      await ledger.grant(BROWSER_A, 'trailers/a', 'sig-a');
      await ledger.grant(BROWSER_B, 'series/b', 'sig-b');
      expect(await ledger.ownedBy(BROWSER_A)).toEqual(['trailers/a']);
      expect(await ledger.ownedBy(BROWSER_B)).toEqual(['series/b']);
      expect(await ledger.ownedBy(BROWSER_C)).toEqual([]);
    });

    it('remembers every purchase of a browser: 200 grants all come back (the old cookie kept 60)', async () => {
      const ledger = await make();
      const paths = Array.from({ length: 200 }, (_, i) => `trailers/t${String(i).padStart(3, '0')}`);
      for (let i = 0; i < paths.length; i += 25) {
        await Promise.all(paths.slice(i, i + 25).map((path) => ledger.grant(BROWSER_A, path, `sig-${path}`)));
      }
      const owned = await ledger.ownedBy(BROWSER_A);
      expect(owned).toHaveLength(200);
      expect([...owned].sort()).toEqual(paths);
      expect(await ledger.ownedBy(BROWSER_B)).toEqual([]);
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
      for (const path of paths) await ledger.grant(BROWSER_A, path, 'sig');
      expect([...(await ledger.ownedBy(BROWSER_A))].sort()).toEqual([...paths].sort());
    });
  });
}

ledgerContract('file ledger', async () => fileLedger(await mkdtemp(join(tmpdir(), 'solenema-ledger-'))));

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
    await ledger.grant('browser-a', 'trailers/a', 'sig');
    proxy.setOutage('everything');
    try {
      const started = Date.now();
      await expect(ledger.grant('browser-a', 'trailers/b', 'sig')).rejects.toThrow(/took longer than 400 ms/);
      await expect(ledger.ownedBy('browser-a')).rejects.toThrow(/took longer than 400 ms/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      proxy.setOutage('none');
    }
    await ledger.grant('browser-a', 'trailers/b', 'sig');
    expect((await ledger.ownedBy('browser-a')).sort()).toEqual(['trailers/a', 'trailers/b']);
    await project.close();
    projects.pop();
    await proxy.stop();
  });
});
