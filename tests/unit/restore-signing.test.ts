import { Keypair } from '@solana/web3.js';
import { createSignInMessage, verifySignIn } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInChallenge } from '@/lib/payments/contract';
import { restoreWithWallet } from '@/lib/payments/browser/restore-with-wallet';
import { signChallenge, type SigningWallet } from '@/lib/payments/browser/signing-wallet';
import { signInInput } from '@/lib/identity/sign-in-purpose';
import { RESTORE_STATEMENT } from '@/lib/payments/ownership/restore-purchases';

const buyer = Keypair.generate();
const address = buyer.publicKey.toBase58();
const challenge: SignInChallenge = {
  token: 'signed-challenge-token',
  input: signInInput(
    {
      wallet: address,
      nonce: 'a1b2c3d4e5f6a7b8',
      issuedAt: '2026-01-02T03:04:05.000Z',
      expirationTime: '2026-01-02T03:14:05.000Z',
      domain: 'solenema.test',
      uri: 'https://solenema.test',
      holder: 'holder-digest-of-the-asking-browser',
      chainId: 'solana:devnet',
    },
    RESTORE_STATEMENT,
  ),
};

const signMessage = async (message: Uint8Array) => nacl.sign.detached(message, buyer.secretKey);

/** What the server does with an answer: decode it as /api/restore does and check the Sign In With Solana signature. */
function serverAccepts(answer: { signedMessage: string; signature: string }) {
  const signedMessage = new Uint8Array(Buffer.from(answer.signedMessage, 'base64'));
  const signature = bs58.decode(answer.signature);
  const account = { address, publicKey: buyer.publicKey.toBytes(), chains: [], features: [] };
  return verifySignIn(challenge.input, { account, signedMessage, signature });
}

describe('signChallenge', () => {
  it('signs the standard Sign In With Solana text with a wallet that only signs messages, encoded as the server reads it', async () => {
    const answer = await signChallenge({ address, signMessage }, challenge);
    expect(answer.token).toBe(challenge.token);
    expect(Buffer.from(answer.signedMessage, 'base64')).toEqual(Buffer.from(createSignInMessage(challenge.input)));
    expect(Buffer.from(answer.signedMessage, 'base64').toString('utf8')).toContain(RESTORE_STATEMENT);
    expect(serverAccepts(answer)).toBe(true);
  });

  it('the message a wallet without signIn signs names the site, its origin and the nonce, so a look-alike page relaying it shows whose it is', async () => {
    const text = Buffer.from((await signChallenge({ address, signMessage }, challenge)).signedMessage, 'base64').toString('utf8');
    expect(text.startsWith('solenema.test wants you to sign in with your Solana account:\n' + address)).toBe(true);
    expect(text).toContain('URI: https://solenema.test');
    expect(text).toContain('Nonce: a1b2c3d4e5f6a7b8');
    expect(text).toContain('Expiration Time: 2026-01-02T03:14:05.000Z');
  });

  it("prefers the wallet's own signIn, so the wallet can check the domain itself", async () => {
    const asked = vi.fn(signMessage);
    const signIn: SigningWallet['signIn'] = async (input) => {
      const signedMessage = createSignInMessage(input);
      return { signedMessage, signature: await signMessage(signedMessage) };
    };
    const answer = await signChallenge({ address, signIn, signMessage: asked }, challenge);
    expect(asked).not.toHaveBeenCalled();
    expect(serverAccepts(answer)).toBe(true);
  });

  it('is refused by the server when another wallet signed', async () => {
    const other = Keypair.generate();
    const answer = await signChallenge({ address, signMessage: async (m) => nacl.sign.detached(m, other.secretKey) }, challenge);
    expect(serverAccepts(answer)).toBe(false);
  });

  it('fails plainly for a wallet that can sign neither way', async () => {
    await expect(signChallenge({ address }, challenge)).rejects.toThrow(/neither sign in nor sign a message/);
  });
});

describe('restoreWithWallet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a challenge for this wallet, then sends the signed answer', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      const body = url === '/api/restore/challenge' ? challenge : { wallet: address, restored: ['series/b'] };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    await expect(restoreWithWallet({ address, signMessage })).resolves.toEqual({ wallet: address, restored: ['series/b'] });
    expect(sent.map((request) => request.url)).toEqual(['/api/restore/challenge', '/api/restore']);
    expect(sent[0]?.body).toEqual({ wallet: address });
    expect(serverAccepts(sent[1]?.body as { signedMessage: string; signature: string })).toBe(true);
  });
});
