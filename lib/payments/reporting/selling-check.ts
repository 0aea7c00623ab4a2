import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, type AccountInfo, type Connection, type ParsedAccountData } from '@solana/web3.js';
import { describeFailure } from '../../failure';
import { circleClusterOf, type ClusterName } from '../chain/cluster';
import type { ClusterAnswer } from '../chain/cluster-check';

/** One point of the going-live checklist, as the studio lists it and a refused checkout names it. */
export interface SellingCheck {
  name: 'cluster' | 'recipient' | 'mint' | 'usdc-account' | 'explorer';
  state: 'ok' | 'failed' | 'unknown';
  detail: string;
  /** What a failure stops: every sale, or sales in USDC only. */
  stops?: 'all' | 'usdc';
}

interface Checked {
  checks: SellingCheck[];
  /** Why USDC prices are not sold just now, or null. */
  usdcRefusal: string | null;
}

/** Ready to sell on `cluster` (USDC paid in `usdcMint`), or refused with the reason nothing is sold just now. */
export type SellingReadiness =
  | (Checked & { refusal: null; cluster: ClusterName; usdcMint: string })
  | (Checked & { refusal: string; cluster: ClusterName | null; usdcMint: string | null });

export interface SellingCheckDeps {
  cluster: ClusterAnswer;
  recipient: string;
  /** The recipient is the development default: nobody's wallet on mainnet. */
  recipientIsDefault: boolean;
  /** The mint USDC is paid in on a cluster (lib/payments/chain/cluster.ts, usdcMintOn). */
  usdcMintOn(cluster: ClusterName): string;
  connection: Pick<Connection, 'getParsedAccountInfo'>;
}

const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PaQBoEsfaNV7C1NVrJ']);
const PAUSED = 'Payments are paused while the store’s setup is corrected';

type ParsedAccount = AccountInfo<Buffer | ParsedAccountData> | null;
const parsedType = (account: ParsedAccount) => (account && 'parsed' in account.data ? (account.data.parsed as { type?: string }).type : undefined);

/**
 * The going-live checklist, checked before anything is sold: the RPCs agree on the cluster (clusterCheck), the
 * recipient is the operator's, the USDC mint is that cluster's (Circle's USDC of another cluster, or a mint the cluster
 * does not hold, is refused), the recipient's USDC account exists there, and transaction links name the same cluster.
 * A configuration that would take money nobody can credit stops every sale, with its reason; a missing USDC account
 * stops USDC sales only. A read that fails is "unknown" and stops nothing (it is asked again).
 */
export async function sellingChecks(deps: SellingCheckDeps): Promise<SellingReadiness> {
  if (!deps.cluster.ok) {
    const check: SellingCheck = { name: 'cluster', state: 'failed', detail: deps.cluster.reason, stops: 'all' };
    return { cluster: null, usdcMint: null, checks: [check], refusal: deps.cluster.reason, usdcRefusal: null };
  }
  const { cluster, genesisHash } = deps.cluster;
  const mint = deps.usdcMintOn(cluster);
  const checks: SellingCheck[] = [{ name: 'cluster', state: 'ok', detail: `Both RPCs are on ${cluster} (genesis ${genesisHash}).` }];

  checks.push(
    deps.recipientIsDefault && cluster === 'mainnet-beta'
      ? { name: 'recipient', state: 'failed', stops: 'all', detail: 'SOLANA_RECIPIENT is not set: payments would go to the development wallet, not yours.' }
      : { name: 'recipient', state: 'ok', detail: `Payments go to ${deps.recipient}.` },
  );

  const circle = circleClusterOf(mint);
  if (circle && circle !== cluster && (cluster === 'mainnet-beta' || cluster === 'devnet')) {
    checks.push({
      name: 'mint',
      state: 'failed',
      stops: 'all',
      detail: `USDC_MINT is Circle’s ${circle} USDC (${mint}), but the RPC is on ${cluster}: unset it to sell in ${cluster}’s USDC, or name the mint you mean.`,
    });
  } else {
    checks.push(await mintCheck(deps, mint, cluster));
    checks.push(await usdcAccountCheck(deps, mint, cluster));
  }
  checks.push({ name: 'explorer', state: 'ok', detail: `Transaction links open Solana Explorer on ${cluster}, read from the RPC’s genesis hash.` });

  const stopping = (stops: SellingCheck['stops']) => checks.find((check) => check.state === 'failed' && check.stops === stops)?.detail;
  const all = stopping('all');
  const usdc = stopping('usdc');
  return {
    cluster,
    usdcMint: mint,
    checks,
    refusal: all ? `${PAUSED}: ${all} Nothing was charged.` : null,
    usdcRefusal: usdc ? `This title cannot be paid in USDC just now: ${usdc} Nothing was charged.` : null,
  };
}

async function mintCheck(deps: SellingCheckDeps, mint: string, cluster: ClusterName): Promise<SellingCheck> {
  const account = await read(deps, mint);
  if (account === 'unknown') return { name: 'mint', state: 'unknown', detail: `The USDC mint ${mint} could not be read just now; asked again shortly.` };
  if (account && TOKEN_PROGRAMS.has(account.owner.toBase58()) && parsedType(account) === 'mint')
    return { name: 'mint', state: 'ok', detail: `USDC is ${mint} on ${cluster}.` };
  return {
    name: 'mint',
    state: 'failed',
    stops: 'usdc',
    detail: account ? `${mint} on ${cluster} is not a token mint.` : `The USDC mint ${mint} does not exist on ${cluster}: it is another cluster’s mint.`,
  };
}

async function usdcAccountCheck(deps: SellingCheckDeps, mint: string, cluster: ClusterName): Promise<SellingCheck> {
  const address = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(deps.recipient), true).toBase58();
  const account = await read(deps, address);
  if (account === 'unknown') return { name: 'usdc-account', state: 'unknown', detail: `The recipient’s USDC account ${address} could not be read just now.` };
  if (account && parsedType(account) === 'account') return { name: 'usdc-account', state: 'ok', detail: `The recipient’s USDC account is ${address}.` };
  return {
    name: 'usdc-account',
    state: 'failed',
    stops: 'usdc',
    detail: `the recipient has no USDC account on ${cluster} yet (${address}); create it (docs/selling.md, “Going live”).`,
  };
}

async function read(deps: SellingCheckDeps, address: string): Promise<ParsedAccount | 'unknown'> {
  try {
    return (await deps.connection.getParsedAccountInfo(new PublicKey(address), 'confirmed')).value;
  } catch (error) {
    console.error(`[payments] could not read ${address} for the going-live checks: ${describeFailure(error)}`);
    return 'unknown';
  }
}
