import { describe, expect, it } from 'vitest';
import type { TitleRef } from '@/lib/catalog/types';
import { formatAmount } from '@/lib/catalog/pricing';
import { explorerTransactionUrl } from '@/lib/payments/reporting/explorer';
import type { Grant } from '@/lib/payments/ledger/ledger';
import { holdsReceipt, receiptFor, receiptsFor } from '@/lib/payments/ownership/receipts';
import { pageOfDocument } from '@/lib/routes';
import { TEST_CLUSTER, purchaseRecord } from '../support/purchase-record';

const SIG_A = '5'.repeat(87);
const SIG_B = '4'.repeat(88);
const WALLET = 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj';

const purchase = (signature: string, path: string, verifiedAt: string) =>
  purchaseRecord(signature, WALLET, path, { blockTime: null, verifiedAt, reference: 'ref', browser: 'another-browser' });
const grant = (path: string, via: string, grantedAt: string): Grant => ({ browser: 'b', path, via, grantedAt, cluster: TEST_CLUSTER, kind: 'own' });
const title = (path: string, name: string): TitleRef => ({ path, title: name, coverimg: `/c/${name}.jpg`, locked: true, pricing: { kind: 'default' } });

describe('receiptsFor', () => {
  const purchases = [purchase(SIG_A, 'trailers/a', '2026-11-01T10:00:00.000Z'), purchase(SIG_B, 'series/s', '2026-11-03T10:00:00.000Z')];
  const ledger = {
    grantsOf: async () => [
      grant('trailers/a', SIG_A, '2026-11-01T10:00:01.000Z'),
      grant('series/s', `restore:${WALLET}`, '2026-11-20T09:00:00.000Z'),
      grant('trailers/old', 'legacy-cookie', '2026-11-10T08:00:00.000Z'),
      grant('trailers/gone', SIG_A, '2026-11-02T08:00:00.000Z'),
    ],
    get: async (signature: string) => purchases.find((p) => p.signature === signature) ?? null,
    byWallet: async (wallet: string) => purchases.filter((p) => p.wallet === wallet),
  };
  const catalog = {
    getTitle: async (path: string) =>
      ({ 'trailers/a': title('trailers/a', 'A'), 'series/s': title('series/s', 'S'), 'trailers/old': title('trailers/old', 'Old') })[path] ?? null,
  };

  it('gives each owned title its payment: its own signature, the restoring wallet’s purchase, or none for old cookies; newest first', async () => {
    const receipts = await receiptsFor('b', TEST_CLUSTER, { ledger, catalog });
    expect(receipts).toEqual([
      { path: 'trailers/old', title: 'Old', coverimg: '/c/Old.jpg', at: '2026-11-10T08:00:00.000Z', payment: null },
      {
        path: 'series/s',
        title: 'S',
        coverimg: '/c/S.jpg',
        at: '2026-11-03T10:00:00.000Z',
        payment: { signature: SIG_B, price: { currency: 'SOL', units: 10_000_000 }, kind: 'buy', wallet: WALLET },
      },
      {
        path: 'trailers/a',
        title: 'A',
        coverimg: '/c/A.jpg',
        at: '2026-11-01T10:00:00.000Z',
        payment: { signature: SIG_A, price: { currency: 'SOL', units: 10_000_000 }, kind: 'buy', wallet: WALLET },
      },
    ]);
  });

  it('lists nothing for a browser without grants', async () => {
    expect(await receiptsFor('b', TEST_CLUSTER, { ledger: { ...ledger, grantsOf: async () => [] }, catalog })).toEqual([]);
  });
});

describe('explorerTransactionUrl', () => {
  const PROVIDER = 'https://rpc.example-provider.com/?api-key=SECRET';

  it('names the cluster the genesis hash named, whatever the RPC is called, and never puts a provider URL in a link', () => {
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: PROVIDER, cluster: 'mainnet-beta' })).toBe(`https://explorer.solana.com/tx/${SIG_A}`);
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: PROVIDER, cluster: 'devnet' })).toBe(`https://explorer.solana.com/tx/${SIG_A}?cluster=devnet`);
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: 'https://api.mainnet-beta.solana.com', cluster: 'testnet' })).toBe(
      `https://explorer.solana.com/tx/${SIG_A}?cluster=testnet`,
    );
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: 'http://127.0.0.1:8899', cluster: 'localnet' })).toBe(
      `https://explorer.solana.com/tx/${SIG_A}?cluster=custom&customUrl=${encodeURIComponent('http://127.0.0.1:8899')}`,
    );
  });

  it('guesses from the URL only while the cluster is unknown, custom only for a loopback chain', () => {
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: 'https://api.devnet.solana.com', cluster: null })).toBe(
      `https://explorer.solana.com/tx/${SIG_A}?cluster=devnet`,
    );
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: 'https://api.testnet.solana.com', cluster: null })).toBe(
      `https://explorer.solana.com/tx/${SIG_A}?cluster=testnet`,
    );
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: PROVIDER, cluster: null })).toBe(`https://explorer.solana.com/tx/${SIG_A}`);
    expect(explorerTransactionUrl(SIG_A, { rpcUrl: 'http://127.0.0.1:8899', cluster: null })).toContain('cluster=custom');
  });
});

describe('display and pages', () => {
  it('formats an amount in its currency', () => {
    expect(formatAmount({ currency: 'SOL', units: 10_000_000 })).toBe('0.01 SOL');
    expect(formatAmount({ currency: 'SOL', units: 1_500_000_000 })).toBe('1.5 SOL');
    expect(formatAmount({ currency: 'USDC', units: 2_500_000 })).toBe('2.50 USDC');
    expect(formatAmount({ currency: 'USDC', units: 1_234_567 })).toBe('1.234567 USDC');
  });

  it('finds the page of any purchasable document', () => {
    expect(pageOfDocument('trailers/a')).toBe('/watch/trailers/a');
    expect(pageOfDocument('documentaries/d')).toBe('/watch/documentaries/d');
    expect(pageOfDocument('series/s')).toBe('/series/s');
    expect(pageOfDocument('series/s/seasons/one/episodes/e1')).toBe('/series/s/season/one');
    expect(pageOfDocument('shortFilms/f/episodes/e')).toBe('/short-films/f');
    expect(pageOfDocument('nonsense')).toBe('/');
  });
});

describe('a receipt’s page: shown only to the browser that holds what the payment bought', () => {
  const STRANGER = 'G'.repeat(44);
  const bought = purchase(SIG_A, 'trailers/a', '2026-11-01T10:00:00.000Z');
  const rented = purchaseRecord(SIG_B, WALLET, 'shortFilms/f', {
    kind: 'rent',
    hours: 48,
    blockTime: 1_800_000_000,
    price: { currency: 'SOL', units: 20_000_000 },
  });
  const grantOf = (path: string, via: string, kind: Grant['kind'] = 'own'): Grant => ({ ...grant(path, via, '2026-11-01T10:00:01.000Z'), kind });

  it('holds it by the purchase’s own signature, or by the paying wallet’s restore of that title', () => {
    expect(holdsReceipt([grantOf('trailers/a', SIG_A)], bought)).toBe(true);
    expect(holdsReceipt([grantOf('shortFilms/f', SIG_B, 'rent')], rented)).toBe(true);
    expect(holdsReceipt([grantOf('trailers/a', `restore:${WALLET}`)], bought)).toBe(true);
  });

  it('does not: another title’s grant, another wallet’s restore, the same title restored elsewhere, another cluster, nothing at all', () => {
    expect(holdsReceipt([grantOf('trailers/b', SIG_B)], bought)).toBe(false);
    expect(holdsReceipt([grantOf('trailers/a', `restore:${STRANGER}`)], bought)).toBe(false);
    expect(holdsReceipt([grantOf('trailers/b', `restore:${WALLET}`)], bought)).toBe(false);
    expect(holdsReceipt([{ ...grantOf('trailers/a', SIG_A), cluster: 'another-cluster' }], bought)).toBe(false);
    expect(holdsReceipt([], bought)).toBe(false);
  });

  const ledgerOf = (grants: Grant[], startedAt: number | null = null) => ({
    grantsOf: async () => grants,
    get: async (signature: string) => [bought, rented].find((p) => p.signature === signature) ?? null,
    rentalStartOf: async () => startedAt,
  });
  const catalog = { getTitle: async (path: string) => title(path, path === 'trailers/a' ? 'A' : 'F') };

  it('answers its holder with the title, what was bought, the amount, the date, the wallet and the signature', async () => {
    expect(await receiptFor('b', TEST_CLUSTER, SIG_A, { ledger: ledgerOf([grantOf('trailers/a', SIG_A)]), catalog })).toEqual({
      path: 'trailers/a',
      title: 'A',
      coverimg: '/c/A.jpg',
      at: '2026-11-01T10:00:00.000Z',
      payment: { signature: SIG_A, price: { currency: 'SOL', units: 10_000_000 }, kind: 'buy', wallet: WALLET },
      rental: null,
    });
  });

  it('gives a rental its length and its end once started, or by when it must start', async () => {
    const paidAt = 1_800_000_000_000;
    const holder = [grantOf('shortFilms/f', SIG_B, 'rent')];
    expect(await receiptFor('b', TEST_CLUSTER, SIG_B, { ledger: ledgerOf(holder), catalog })).toMatchObject({
      at: new Date(paidAt).toISOString(),
      payment: { kind: 'rent', hours: 48 },
      rental: { startedAt: null, endsAt: paidAt + 30 * 24 * 3_600_000 },
    });
    const started = paidAt + 3_600_000;
    expect(await receiptFor('b', TEST_CLUSTER, SIG_B, { ledger: ledgerOf(holder, started), catalog })).toMatchObject({
      rental: { startedAt: started, endsAt: started + 48 * 3_600_000 },
    });
  });

  it('answers anyone else nothing: a browser holding other titles, an unknown or malformed signature, another cluster', async () => {
    const other = ledgerOf([grantOf('trailers/b', SIG_B)]);
    expect(await receiptFor('b', TEST_CLUSTER, SIG_A, { ledger: other, catalog })).toBeNull();
    expect(await receiptFor('b', TEST_CLUSTER, '3'.repeat(88), { ledger: ledgerOf([grantOf('trailers/a', SIG_A)]), catalog })).toBeNull();
    expect(await receiptFor('b', TEST_CLUSTER, '../../etc', { ledger: ledgerOf([grantOf('trailers/a', SIG_A)]), catalog })).toBeNull();
    expect(await receiptFor('b', 'another-cluster', SIG_A, { ledger: ledgerOf([grantOf('trailers/a', SIG_A)]), catalog })).toBeNull();
  });
});
