import type { RateLimitOptions, RpcDownMode } from './server';
import type { CreateMintOptions, MintToOptions, TokenBalanceOptions } from './token-faucet';
import type { UiTokenAmount } from './token-state';

/**
 * Steers a local chain running in another process (Playwright's global setup, or the CLI)
 * from a test worker, over the chain's /__test routes, which keep answering while the RPC is "down".
 * The chain is shared: a test that takes the RPC down must not run alongside others that need it.
 */
export function chainControl(url: string) {
  async function call(action: string, body: object = {}): Promise<unknown> {
    const res = await fetch(`${url}/__test/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { ok: boolean; result?: unknown; error?: string };
    if (!answer.ok) throw new Error(`chain control ${action} failed: ${answer.error}`);
    return answer.result;
  }
  return {
    /** See LocalChain.setRpcDown: with `sparingWallets`, only the site's provider is down. */
    setRpcDown: async (down: boolean, mode: RpcDownMode = 'unavailable', sparingWallets = false) =>
      void (await call('rpc-down', { down, mode, sparingWallets })),
    /** Answers the RPC's calls 429 with Retry-After, as a provider over its limit: see RateLimitOptions. */
    setRateLimit: async (options: RateLimitOptions) => void (await call('rate-limit', options)),
    expireBlockhash: async () => void (await call('expire-blockhash')),
    setTimeOffset: async (seconds: number) => void (await call('time-offset', { seconds })),
    /** Marks a transaction (landed, or signed and still to send) as sent in version 1 (SIMD-0385). */
    markVersion1: async (signature: string) => void (await call('mark-version-1', { signature })),
    /** What every recent slot reports to getRecentPrioritizationFees, in micro-lamports per compute unit. */
    setPriorityFee: async (microLamports: number) => void (await call('priority-fee', { microLamports })),
    /** Funds `pubkey` (base58) and resolves to the airdrop's signature, already final. */
    airdrop: async (pubkey: string, lamports: number) => (await call('airdrop', { pubkey, lamports })) as string,
    /** Creates an SPL Token mint whose authority the chain keeps; resolves to its address. */
    createMint: async (options: CreateMintOptions) =>
      (await call('create-mint', { ...options, mintSecretKey: options.mintSecretKey && [...options.mintSecretKey] })) as string,
    /** Mints `amount` smallest units to `owner`'s associated token account, creating it; resolves to the signature, already final. */
    mintTo: async ({ mint, owner, amount }: MintToOptions) =>
      (await call('mint-to', { mint: String(mint), owner: String(owner), amount: String(amount) })) as string,
    /** What `owner`'s associated token account for `mint` holds; null when it has none. */
    tokenBalance: async ({ mint, owner }: TokenBalanceOptions) =>
      (await call('token-balance', { mint: String(mint), owner: String(owner) })) as UiTokenAmount | null,
    /** Sends `count` junk transactions carrying `reference` (base58), as a bot burying a payment would. */
    junk: async (reference: string, count: number) => (await call('junk', { reference, count })) as string[],
    /** The JSON-RPC calls the chain answered so far, by method, besides a test wallet's own. */
    calls: async () => (await call('calls')) as Record<string, number>,
    /** The JSON-RPC calls the chain refused with 429 so far, by method, besides a test wallet's own (never refused). */
    refused: async () => (await call('refused')) as Record<string, number>,
  };
}

export type ChainControl = ReturnType<typeof chainControl>;
