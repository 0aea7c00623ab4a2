import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileLedger, firestoreLedger, type Ledger } from '@/lib/payments/ledger/ledger';
import { giftFiles } from '@/lib/payments/gifts/gift-files';
import { giftFirestore } from '@/lib/payments/gifts/gift-firestore';
import type { Gift, GiftLedger } from '@/lib/payments/gifts/gift-records';
import { testFirestore, type TestFirestore } from '../support/firestore';
import { TEST_CLUSTER as CLUSTER } from '../support/purchase-record';

const GIVER = 'browser-giver-0123456789';
const gift = (signature: string, extra: Partial<Gift> = {}): Gift => ({
  signature,
  path: 'trailers/c-vault',
  price: { currency: 'SOL', units: 10_000_000 },
  cluster: CLUSTER,
  giver: GIVER,
  createdAt: new Date().toISOString(),
  ...extra,
});
const claimer = (n: number) => ({ wallet: `wallet-${n}`, browser: `browser-${n}-0123456789ab`, at: new Date().toISOString() });

/** Both stores promise the same: a gift is claimed once, whatever the race, and only its claimer's browser is granted it. */
function giftContract(name: string, make: () => Promise<{ gifts: GiftLedger; ledger: Ledger }>) {
  describe(`gift ledger: ${name}`, () => {
    it('records a gift once, and claims it for one wallet and browser: the grant comes with the claim', async () => {
      const { gifts, ledger } = await make();
      await gifts.create('id-1', gift('sig-1'));
      await gifts.create('id-1', gift('sig-other', { giver: 'someone-else' }));
      expect((await gifts.get('id-1'))?.signature).toBe('sig-1');
      expect(await ledger.ownedBy(GIVER, CLUSTER)).toEqual([]);

      const first = await gifts.claim('id-1', claimer(1));
      expect(first.ok && first.gift.claim?.wallet).toBe('wallet-1');
      expect(await ledger.ownedBy(claimer(1).browser, CLUSTER)).toEqual(['trailers/c-vault']);
      expect((await ledger.grantsOf(claimer(1).browser, CLUSTER))[0]?.via).toBe('gift:sig-1');

      // After it, the link unlocks nothing: another wallet, or the same wallet in another browser, is refused.
      expect(await gifts.claim('id-1', claimer(2))).toEqual({ ok: false, why: 'taken' });
      expect(await gifts.claim('id-1', { ...claimer(1), browser: claimer(2).browser })).toEqual({ ok: false, why: 'taken' });
      expect(await ledger.ownedBy(claimer(2).browser, CLUSTER)).toEqual([]);
      // The claimer's own retry is answered as before.
      expect((await gifts.claim('id-1', claimer(1))).ok).toBe(true);
      expect(await gifts.claim('no-such-gift', claimer(3))).toEqual({ ok: false, why: 'missing' });
    });

    it('lets exactly one of many simultaneous claims win, and grants only the winner', async () => {
      const { gifts, ledger } = await make();
      await gifts.create('race', gift('sig-race'));
      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, n) => gifts.claim('race', claimer(n))));
      const winners = outcomes.flatMap((outcome, n) => (outcome.ok ? [n] : []));
      expect(winners).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok).every((outcome) => !outcome.ok && outcome.why === 'taken')).toBe(true);
      const owners = await Promise.all(Array.from({ length: 8 }, (_, n) => ledger.ownedBy(claimer(n).browser, CLUSTER)));
      expect(owners.flatMap((owned, n) => (owned.length > 0 ? [n] : []))).toEqual(winners);
      expect((await gifts.get('race'))?.claim?.wallet).toBe(`wallet-${winners[0]}`);
    });

    it('lists a giver’s gifts and a claimer’s, on their cluster only', async () => {
      const { gifts } = await make();
      await gifts.create('g-1', gift('sig-a'));
      await gifts.create('g-2', gift('sig-b'));
      await gifts.create('g-3', gift('sig-c', { cluster: 'another-cluster' }));
      await gifts.claim('g-2', claimer(5));
      const given = await gifts.givenBy(GIVER, CLUSTER);
      expect(given.map((g) => [g.id, !!g.claim]).sort()).toEqual([
        ['g-1', false],
        ['g-2', true],
      ]);
      expect((await gifts.claimedBy('wallet-5', CLUSTER)).map((g) => g.signature)).toEqual(['sig-b']);
      expect(await gifts.claimedBy('wallet-5', 'another-cluster')).toEqual([]);
    });
  });
}

giftContract('files', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'solenema-gifts-'));
  const ledger = fileLedger(dir);
  return { gifts: giftFiles(dir, ledger), ledger };
});

const projects: TestFirestore[] = [];
afterAll(() => Promise.all(projects.map((project) => project.close())));
giftContract('Firestore (emulator)', async () => {
  const project = await testFirestore(`demo-gifts-${projects.length}`);
  projects.push(project);
  return { gifts: giftFirestore(project.db, 10_000), ledger: firestoreLedger(project.db, 10_000) };
});
