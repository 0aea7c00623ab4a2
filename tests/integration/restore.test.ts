import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { createSignInMessage } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileLedger, firestoreLedger, type Ledger } from '@/lib/payments/ledger/ledger';
import { RESTORE_STATEMENT, createRestoreChallenge, restorePurchases, siteIdentity, type RestoreAnswer } from '@/lib/payments/ownership/restore-purchases';
import { holderOf } from '@/lib/identity/signed-token';
import { emptyProject, testFirestore, type TestFirestore } from '../support/firestore';
import { TEST_CLUSTER, purchaseRecord } from '../support/purchase-record';

const SECRET = 'restore-test-secret-0123456789abcdef';
/** This site, taking payments on a local cluster (the name the checkout found from its RPC's genesis hash). */
const SITE = { ...siteIdentity('http://127.0.0.1:3210'), chainId: 'solana:localnet' };
/** The browser that asks for the challenges and answers them. */
const BROWSER = 'restore-test-browser-0001';
const buyer = Keypair.generate();
const wallet = buyer.publicKey.toBase58();
let ledger: Ledger;

const purchase = purchaseRecord;

/** A Sign In With Solana request as a wallet receives it (domain and address are always set). */
type SignInInput = Parameters<typeof createSignInMessage>[0];

/** What the browser sends back: the exact bytes signed (what a wallet's signIn, or the signMessage fallback, signs). */
function answer(token: string, input: SignInInput, signer: Keypair = buyer): RestoreAnswer {
  const bytes = createSignInMessage(input);
  return {
    token,
    signedMessage: Buffer.from(bytes).toString('base64'),
    signature: bs58.encode(nacl.sign.detached(bytes, signer.secretKey)),
  };
}

const challenge = (now?: number) => createRestoreChallenge(SECRET, wallet, BROWSER, SITE, now);

/** The ledger of each test, in files or in Firestore: a restore answers alike on both. */
const ledgers: Record<string, () => Promise<Ledger>> = {
  'file ledger': async () => fileLedger(await mkdtemp(join(tmpdir(), 'solenema-restore-'))),
  'Firestore ledger (emulator)': async () => {
    await emptyProject(firestore.projectId);
    return firestoreLedger(firestore.db, 5_000);
  },
};
let firestore: TestFirestore;
beforeAll(async () => void (firestore = await testFirestore('demo-restore')));
afterAll(() => firestore.close());

async function withPurchases(make: () => Promise<Ledger>) {
  ledger = await make();
  await ledger.create(purchase('sig1', wallet, 'trailers/a'));
  await ledger.create(purchase('sig2', wallet, 'series/b'));
  // The same title bought twice (two browsers) is listed once.
  await ledger.create(purchase('sig4', wallet, 'trailers/a'));
  await ledger.create(purchase('sig3', Keypair.generate().publicKey.toBase58(), 'trailers/other'));
}

describe('createRestoreChallenge', () => {
  it('asks the wallet to Sign In With Solana on our domain and URI, with a fresh alphanumeric nonce and a short lifetime', () => {
    expect(siteIdentity('http://127.0.0.1:3210')).toEqual({ domain: '127.0.0.1:3210', uri: 'http://127.0.0.1:3210' });
    const now = Date.parse('2026-01-02T03:04:05.000Z');
    const { token, input } = challenge(now);
    expect(token).toEqual(expect.any(String));
    expect(input).toMatchObject({
      domain: '127.0.0.1:3210',
      uri: 'http://127.0.0.1:3210',
      address: wallet,
      statement: RESTORE_STATEMENT,
      chainId: 'solana:localnet',
      issuedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(input.statement).toMatch(/\S/);
    expect(input.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(Date.parse(input.expirationTime!)).toBeGreaterThan(now);
    expect(Date.parse(input.expirationTime!) - now).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(challenge(now).input.nonce).not.toBe(input.nonce);
    // The text a wallet shows names our domain first, as SIWS requires.
    expect(new TextDecoder().decode(createSignInMessage(input))).toMatch(/^127\.0\.0\.1:3210 wants you to sign in with your Solana account:\n/);
  });
});

describe.each(Object.entries(ledgers))('restorePurchases (Sign In With Solana), %s', (_, make) => {
  beforeEach(() => withPurchases(make));

  it('lists every purchase of the wallet that signed the challenge, each path once', async () => {
    const { token, input } = challenge();
    const result = await restorePurchases(SECRET, answer(token, input), BROWSER, SITE, ledger, TEST_CLUSTER);
    expect(result).toMatchObject({ ok: true, wallet });
    expect(result.ok && [...result.paths].sort()).toEqual(['series/b', 'trailers/a']);
  });

  it('accepts a challenge once: the same answer again is 409', async () => {
    const { token, input } = challenge();
    const signed = answer(token, input);
    expect((await restorePurchases(SECRET, signed, BROWSER, SITE, ledger, TEST_CLUSTER)).ok).toBe(true);
    expect(await restorePurchases(SECRET, signed, BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('is answered only by the browser that asked for it (403), and the token does not carry that browser id', async () => {
    const { token, input } = challenge();
    const signed = answer(token, input);
    expect(await restorePurchases(SECRET, signed, 'another-browser-0002', SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).not.toContain(BROWSER);
    expect(holderOf(SECRET, 'restore', BROWSER)).not.toContain(BROWSER);
    expect(holderOf(SECRET, 'restore', BROWSER)).not.toBe(holderOf(`${SECRET}-other`, 'restore', BROWSER));
    // Refused for the other browser without spending the nonce: the asking browser still restores.
    expect((await restorePurchases(SECRET, signed, BROWSER, SITE, ledger, TEST_CLUSTER)).ok).toBe(true);
  });

  it('refuses a signature by another key (401), and a refused answer does not spend the nonce', async () => {
    const { token, input } = challenge();
    expect(await restorePurchases(SECRET, answer(token, input, Keypair.generate()), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
    expect((await restorePurchases(SECRET, answer(token, input), BROWSER, SITE, ledger, TEST_CLUSTER)).ok).toBe(true);
  });

  it('refuses a message that names another domain, even signed by the right key (a phishing page’s request)', async () => {
    const { token, input } = challenge();
    expect(await restorePurchases(SECRET, answer(token, { ...input, domain: 'evil.example' }), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
  });

  it('refuses a message with another URI, signed by the right key', async () => {
    const { token, input } = challenge();
    expect(await restorePurchases(SECRET, answer(token, { ...input, uri: 'https://evil.example' }), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
    expect(
      await restorePurchases(SECRET, answer(token, { ...input, uri: 'http://127.0.0.1:3210/restore' }), BROWSER, SITE, ledger, TEST_CLUSTER),
    ).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
  });

  it('refuses a message whose other fields differ from the challenge: nonce, statement, expiry, chain, address', async () => {
    const { token, input } = challenge();
    const other = challenge().input;
    const variants: SignInInput[] = [
      { ...input, nonce: other.nonce },
      { ...input, statement: 'Send me everything.' },
      { ...input, expirationTime: new Date(Date.now() + 365 * 86_400_000).toISOString() },
      { ...input, chainId: 'solana:mainnet' },
      { ...input, resources: ['https://evil.example'] },
    ];
    for (const variant of variants) {
      expect(await restorePurchases(SECRET, answer(token, variant), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'unauthenticated' });
    }
    const stranger = Keypair.generate();
    const strangers = answer(token, { ...input, address: stranger.publicKey.toBase58() }, stranger);
    expect(await restorePurchases(SECRET, strangers, BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'unauthenticated' });
    // None of the refusals spent the nonce.
    expect((await restorePurchases(SECRET, answer(token, input), BROWSER, SITE, ledger, TEST_CLUSTER)).ok).toBe(true);
  });

  it('refuses a message signed for another cluster than the one the challenge named (401)', async () => {
    const { token, input } = challenge();
    expect(input.chainId).toBe('solana:localnet');
    const devnet = answer(token, { ...input, chainId: 'solana:devnet' });
    expect(await restorePurchases(SECRET, devnet, BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'unauthenticated' });
  });

  it('refuses a challenge made for another site, checked against ours (401)', async () => {
    const theirs = { ...siteIdentity('https://evil.example'), chainId: SITE.chainId };
    const { token, input } = createRestoreChallenge(SECRET, wallet, BROWSER, theirs);
    expect(input.domain).toBe('evil.example');
    expect(await restorePurchases(SECRET, answer(token, input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'unauthenticated' });
    // Another port on the same host is another site, too.
    const otherPort = createRestoreChallenge(SECRET, wallet, BROWSER, { ...siteIdentity('http://127.0.0.1:3211'), chainId: SITE.chainId });
    expect(await restorePurchases(SECRET, answer(otherPort.token, otherPort.input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
  });

  it('refuses a challenge signed with the previous key (ENTITLEMENT_SECRET_PREVIOUS): it mints nothing', async () => {
    const { token, input } = challenge();
    const rotated = ['a-new-restore-secret-0123456789abcdef', SECRET] as const;
    expect(await restorePurchases(rotated, answer(token, input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'invalid_request' });
  });

  it('lists only the purchases made on this cluster', async () => {
    const { token, input } = challenge();
    expect(await restorePurchases(SECRET, answer(token, input), BROWSER, SITE, ledger, 'another-genesis-hash')).toEqual({
      ok: true,
      wallet,
      paths: [],
      purchases: [],
    });
  });

  it('refuses an expired challenge (401), and accepts it until then', async () => {
    const issued = Date.now();
    const { token, input } = challenge(issued);
    const expires = Date.parse(input.expirationTime!);
    const signed = answer(token, input);
    expect(await restorePurchases(SECRET, signed, BROWSER, SITE, ledger, TEST_CLUSTER, expires + 1)).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect(await restorePurchases(SECRET, signed, BROWSER, SITE, ledger, TEST_CLUSTER, expires)).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect((await restorePurchases(SECRET, signed, BROWSER, SITE, ledger, TEST_CLUSTER, expires - 1000)).ok).toBe(true);
  });

  it('refuses an altered token or one signed with another secret (400)', async () => {
    const { token, input } = challenge();
    expect(await restorePurchases(SECRET, answer(`${token}x`, input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'invalid_request',
    });
    const [, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...input, wallet, domain: SITE.domain, uri: SITE.uri, expirationTime: '2999-01-01T00:00:00.000Z' })).toString(
      'base64url',
    );
    expect(await restorePurchases(SECRET, answer(`${forged}.${mac}`, input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'invalid_request',
    });
    const foreign = createRestoreChallenge(`${SECRET}-other`, wallet, BROWSER, SITE);
    expect(await restorePurchases(SECRET, answer(foreign.token, foreign.input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({
      ok: false,
      code: 'invalid_request',
    });
    expect(await restorePurchases(SECRET, answer('garbage', input), BROWSER, SITE, ledger, TEST_CLUSTER)).toMatchObject({ ok: false, code: 'invalid_request' });
  });

  it('answers garbage base64 and base58 with 401, never a throw', async () => {
    const { token, input } = challenge();
    const good = answer(token, input);
    const garbage: RestoreAnswer[] = [
      { ...good, signature: 'not-base58-0OIl' },
      { ...good, signature: '' },
      { ...good, signature: bs58.encode(new Uint8Array(10)) },
      { ...good, signedMessage: '%%%not base64%%%' },
      { ...good, signedMessage: '' },
      { ...good, signedMessage: Buffer.from('hello').toString('base64') },
      { ...good, signedMessage: '%%%', signature: '0OIl' },
    ];
    for (const bad of garbage) {
      await expect(restorePurchases(SECRET, bad, BROWSER, SITE, ledger, TEST_CLUSTER)).resolves.toMatchObject({ ok: false, code: 'unauthenticated' });
    }
    expect((await restorePurchases(SECRET, good, BROWSER, SITE, ledger, TEST_CLUSTER)).ok).toBe(true);
  });

  it('refuses, without throwing, a challenge for an address that is not a public key', async () => {
    const { token, input } = createRestoreChallenge(SECRET, 'not-a-wallet', BROWSER, SITE);
    await expect(restorePurchases(SECRET, answer(token, input), BROWSER, SITE, ledger, TEST_CLUSTER)).resolves.toMatchObject({
      ok: false,
      code: 'unauthenticated',
    });
  });

  it('restores nothing for a wallet that bought nothing, but still succeeds', async () => {
    const fresh = Keypair.generate();
    const { token, input } = createRestoreChallenge(SECRET, fresh.publicKey.toBase58(), BROWSER, SITE);
    expect(await restorePurchases(SECRET, answer(token, input, fresh), BROWSER, SITE, ledger, TEST_CLUSTER)).toEqual({
      ok: true,
      wallet: fresh.publicKey.toBase58(),
      paths: [],
      purchases: [],
    });
  });
});
