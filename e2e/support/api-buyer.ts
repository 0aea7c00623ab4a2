import { Connection, type Keypair } from '@solana/web3.js';
import { createSignInMessage } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { paymentTransaction } from '@/lib/payments/checkout/payment-transaction';
import { UNIT_PRICE_FLOOR } from '@/lib/payments/checkout/fee-market';
import type { CheckoutAnswer, EntitlementsAnswer, SignInChallenge, VerifyAnswer } from '@/lib/payments/contract';
import { NOT_COUNTED } from './chain';
import { CHAIN_URL } from './ports';

/** The wallet's own connection to the chain: its calls are not the site's. */
const wallet = (chainUrl: string) => new Connection(chainUrl, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });

/**
 * A browser of the site as its requests reach the server (its cookies, its address: the tests play the trusted
 * proxy), paying as Phantom does: a checkout, the transfer signed and sent by the wallet, then its signature posted
 * until the server has found it. For the specs about what is sold and owned, where the dialog is not the point.
 */
export function apiBuyer(siteUrl: string, address: string, chainUrl = CHAIN_URL) {
  let cookies = new Map<string, string>();
  const send = async (path: string, body?: object) => {
    const response = await fetch(`${siteUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        'content-type': 'application/json',
        origin: siteUrl,
        'x-forwarded-for': address,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: body && JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [name, ...value] = set.split(';')[0]!.split('=');
      cookies = new Map(cookies).set(name!, value.join('='));
    }
    return response;
  };

  async function checkout(path: string, kind: 'buy' | 'rent' = 'buy', extra: { gift?: boolean } = {}): Promise<CheckoutAnswer> {
    const started = await send('/api/checkout', { path, kind, ...extra });
    if (!started.ok) throw new Error(`checkout of ${path} answered ${started.status}: ${await started.text()}`);
    return (await started.json()) as CheckoutAnswer;
  }

  /** Sends a transfer of the checkout's terms (or `terms` over them: a wrong amount, mint, currency) and answers its signature. */
  async function transfer(payer: Keypair, terms: CheckoutAnswer) {
    const connection = wallet(chainUrl);
    const transaction = paymentTransaction(payer.publicKey, terms, {
      ...(await connection.getLatestBlockhash('confirmed')),
      unitPriceMicroLamports: UNIT_PRICE_FLOOR,
    });
    transaction.sign(payer);
    await connection.sendRawTransaction(transaction.serialize());
    return bs58.encode(transaction.signature!);
  }

  /** Posts a signature to verify until the server answers for good (it is found within a look or two). */
  async function verify(started: CheckoutAnswer, signature: string): Promise<{ status: number; body: VerifyAnswer & { error?: string; code?: string } }> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await send('/api/payments/verify', { checkout: started.checkout, signature });
      const body = (await answer.json()) as VerifyAnswer & { error?: string; code?: string };
      if (answer.status !== 404 || attempt === 8) return { status: answer.status, body };
    }
  }

  /** A challenge asked at `challengePath`, signed by `wallet` (Sign In With Solana), and answered at `answerPath`. */
  async function signIn(challengePath: string, answerPath: string, wallet: Keypair, extra: object = {}) {
    const asked = await send(challengePath, { wallet: wallet.publicKey.toBase58() });
    if (!asked.ok) return { response: asked, answer: null };
    const challenge = (await asked.json()) as SignInChallenge;
    const bytes = createSignInMessage(challenge.input);
    const answer = {
      token: challenge.token,
      signedMessage: Buffer.from(bytes).toString('base64'),
      signature: bs58.encode(nacl.sign.detached(bytes, wallet.secretKey)),
    };
    return { response: await send(answerPath, { ...answer, ...extra }), answer };
  }

  return {
    send,
    /** The cookies this browser holds now, by name. */
    cookies: () => new Map(cookies),
    checkout,
    transfer,
    verify,
    /** Checkout, transfer and verification, as a Phantom purchase; throws unless verified. */
    async pay(payer: Keypair, path: string, kind: 'buy' | 'rent' = 'buy') {
      const started = await checkout(path, kind);
      const verified = await verify(started, await transfer(payer, started));
      if (verified.status !== 200) throw new Error(`not verified: ${JSON.stringify(verified.body)}`);
      return { checkout: started, paid: verified.body };
    },
    /** Checkout, transfer and verification of a gift: answers its verification, with the link to send. */
    async payGift(payer: Keypair, path: string) {
      const started = await checkout(path, 'buy', { gift: true });
      const verified = await verify(started, await transfer(payer, started));
      if (verified.status !== 200 || !verified.body.gift) throw new Error(`no gift: ${JSON.stringify(verified.body)}`);
      return verified.body.gift.link;
    },
    /** Claims the gift of `link` (its path, /gift/{token}) here with the wallet's Sign In With Solana. */
    claimGift: (wallet: Keypair, link: string) => signIn('/api/gifts/challenge', '/api/gifts/claim', wallet, { gift: link.split('/').pop() }),
    library: async () => (await (await send('/api/entitlements')).json()) as EntitlementsAnswer,
    link: (video: string) => send(`/api/playback?video=${encodeURIComponent(video)}`),
    /** Restores the wallet's purchases here, as the wallet guide does: Sign In With Solana. */
    restore: (payer: Keypair) => signIn('/api/restore/challenge', '/api/restore', payer),
    /** Opens the studio here with the wallet's Sign In With Solana; answers the session route's response and the answer it sent. */
    openStudio: (wallet: Keypair) => signIn('/api/studio/challenge', '/api/studio/session', wallet),
  };
}

export type ApiBuyer = ReturnType<typeof apiBuyer>;
