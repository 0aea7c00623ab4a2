import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileLedger, type Ledger, type Purchase } from '@/lib/payments/ledger';
import { createRestoreChallenge, restorePurchases } from '@/lib/payments/restore';

const SECRET = 'restore-test-secret-0123456789abcdef';
const buyer = Keypair.generate();
let ledger: Ledger;

const purchase = (signature: string, wallet: string, path: string): Purchase => ({
  signature, wallet, path, lamports: 10_000_000, slot: 1, blockTime: 1, verifiedAt: new Date().toISOString(), reference: 'r',
});

const sign = (message: string, signer = buyer) => bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), signer.secretKey));

beforeEach(async () => {
  ledger = fileLedger(await mkdtemp(join(tmpdir(), 'solenema-restore-')));
  await ledger.create(purchase('sig1', buyer.publicKey.toBase58(), 'trailers/a'));
  await ledger.create(purchase('sig2', buyer.publicKey.toBase58(), 'series/b'));
  await ledger.create(purchase('sig3', Keypair.generate().publicKey.toBase58(), 'trailers/other'));
});

describe('restorePurchases', () => {
  it('lists every purchase of the wallet that signed the challenge', async () => {
    const { token, message } = createRestoreChallenge(SECRET, buyer.publicKey.toBase58());
    expect(message).toContain(buyer.publicKey.toBase58());
    const result = await restorePurchases(SECRET, token, sign(message), ledger);
    expect(result).toMatchObject({ ok: true, wallet: buyer.publicKey.toBase58() });
    expect(result.ok && result.paths.sort()).toEqual(['series/b', 'trailers/a']);
  });

  it('accepts a challenge once', async () => {
    const { token, message } = createRestoreChallenge(SECRET, buyer.publicKey.toBase58());
    expect((await restorePurchases(SECRET, token, sign(message), ledger)).ok).toBe(true);
    expect(await restorePurchases(SECRET, token, sign(message), ledger)).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses a signature by another key, and an altered challenge', async () => {
    const { token, message } = createRestoreChallenge(SECRET, buyer.publicKey.toBase58());
    expect(await restorePurchases(SECRET, token, sign(message, Keypair.generate()), ledger)).toMatchObject({ ok: false, status: 401 });
    expect(await restorePurchases(SECRET, `${token}x`, sign(message), ledger)).toMatchObject({ ok: false, status: 400 });
    expect(await restorePurchases(SECRET, token, 'not-base58-0OIl', ledger)).toMatchObject({ ok: false, status: 401 });
  });
});

