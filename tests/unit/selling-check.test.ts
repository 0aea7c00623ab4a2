import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { CIRCLE_USDC, usdcMintOn, type ClusterName } from '@/lib/payments/chain/cluster';
import { sellingChecks, type SellingCheckDeps } from '@/lib/payments/reporting/selling-check';

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const recipient = Keypair.generate().publicKey.toBase58();
const GENESIS: Record<ClusterName, string> = {
  'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
  localnet: 'local',
};

const parsed = (type: 'mint' | 'account') => ({
  owner: TOKEN_PROGRAM,
  data: { program: 'spl-token', parsed: { type }, space: 82 },
  lamports: 1,
  executable: false,
});

/** A cluster holding `accounts` (address → what it is); a read of anything else answers null, of `failing` throws. */
function deps(
  cluster: ClusterName,
  {
    configured,
    accounts = {},
    failing = [],
    recipientIsDefault = false,
  }: { configured?: string; accounts?: Record<string, 'mint' | 'account'>; failing?: string[]; recipientIsDefault?: boolean } = {},
): SellingCheckDeps {
  return {
    cluster: { ok: true, cluster, genesisHash: GENESIS[cluster] },
    recipient,
    recipientIsDefault,
    usdcMintOn: (on) => usdcMintOn(on, configured),
    connection: {
      getParsedAccountInfo: vi.fn(async (address: PublicKey) => {
        if (failing.includes(address.toBase58())) throw new Error('fetch failed');
        const kind = accounts[address.toBase58()];
        return { context: { slot: 1 }, value: kind ? parsed(kind) : null };
      }),
    } as unknown as SellingCheckDeps['connection'],
  };
}

const usdcAccount = (mint: string) => getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(recipient), true).toBase58();
const MAINNET_USDC = CIRCLE_USDC['mainnet-beta']!;
const DEVNET_USDC = CIRCLE_USDC.devnet!;

describe('sellingChecks', () => {
  it('on mainnet sells in Circle’s mainnet USDC unless told otherwise, once the recipient holds its account', async () => {
    const ready = await sellingChecks(deps('mainnet-beta', { accounts: { [MAINNET_USDC]: 'mint', [usdcAccount(MAINNET_USDC)]: 'account' } }));
    expect(ready).toMatchObject({ cluster: 'mainnet-beta', usdcMint: MAINNET_USDC, refusal: null, usdcRefusal: null });
    expect(ready.checks.map((check) => [check.name, check.state])).toEqual([
      ['cluster', 'ok'],
      ['recipient', 'ok'],
      ['mint', 'ok'],
      ['usdc-account', 'ok'],
      ['explorer', 'ok'],
    ]);
  });

  it('refuses every sale on mainnet with the devnet mint, naming why', async () => {
    const ready = await sellingChecks(deps('mainnet-beta', { configured: DEVNET_USDC }));
    expect(ready.refusal).toMatch(/USDC_MINT is Circle’s devnet USDC .* but the RPC is on mainnet-beta/);
    expect(ready.refusal).toMatch(/Nothing was charged/);
    expect(ready.checks.find((check) => check.name === 'mint')).toMatchObject({ state: 'failed', stops: 'all' });
  });

  it('refuses every sale on mainnet while the recipient is the development default', async () => {
    const ready = await sellingChecks(deps('mainnet-beta', { recipientIsDefault: true }));
    expect(ready.refusal).toMatch(/SOLANA_RECIPIENT is not set/);
    // On devnet the default stays fine: it is how the site runs out of the box.
    expect((await sellingChecks(deps('devnet', { recipientIsDefault: true }))).refusal).toBeNull();
  });

  it('stops USDC only when the recipient has no USDC account, or the mint is not on this cluster', async () => {
    const noAccount = await sellingChecks(deps('devnet', { accounts: { [DEVNET_USDC]: 'mint' } }));
    expect(noAccount.refusal).toBeNull();
    expect(noAccount.usdcRefusal).toMatch(new RegExp(`no USDC account on devnet yet \\(${usdcAccount(DEVNET_USDC)}\\)`));
    const other = Keypair.generate().publicKey.toBase58();
    const absent = await sellingChecks(deps('localnet', { configured: other }));
    expect(absent.refusal).toBeNull();
    expect(absent.checks.find((check) => check.name === 'mint')).toMatchObject({
      state: 'failed',
      stops: 'usdc',
      detail: expect.stringMatching(/does not exist on localnet/),
    });
  });

  it('stops nothing on a read that failed: it is "unknown", asked again', async () => {
    const ready = await sellingChecks(deps('devnet', { failing: [DEVNET_USDC, usdcAccount(DEVNET_USDC)] }));
    expect(ready).toMatchObject({ refusal: null, usdcRefusal: null });
    expect(ready.checks.filter((check) => check.state === 'unknown').map((check) => check.name)).toEqual(['mint', 'usdc-account']);
  });

  it('passes the cluster refusal on when the RPCs disagree', async () => {
    const ready = await sellingChecks({ ...deps('devnet'), cluster: { ok: false, code: 'unavailable', reason: 'The browsers’ RPC is on another cluster.' } });
    expect(ready).toMatchObject({ cluster: null, refusal: 'The browsers’ RPC is on another cluster.' });
  });
});
