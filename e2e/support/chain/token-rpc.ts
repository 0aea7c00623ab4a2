import { PublicKey } from '@solana/web3.js';
import { accountEncoding, encodeAccount } from './accounts';
import { RpcError } from './errors';
import type { Handler } from './jsonrpc';
import type { Ledger } from './ledger';
import { config, stringParam } from './params';
import { NATIVE_DECIMALS, NATIVE_MINT, TOKEN_PROGRAM_ID, isTokenProgram, readMint, readTokenAccount, uiTokenAmount, type AccountLookup } from './token-state';
import { verifyPubkey } from './verify';

/**
 * The SPL Token methods a wallet and the site call, as agave's rpc.rs answers them (errors included):
 * getTokenAccountBalance, and getTokenAccountsByOwner by mint or by token program.
 */
export function createTokenRpcMethods(ledger: Ledger, withContext: (value: unknown) => unknown): Record<string, Handler> {
  const lookup: AccountLookup = (address) => ledger.getAccount(address);

  return {
    getTokenAccountBalance: (params) => {
      const account = ledger.getAccount(verifyPubkey(stringParam(params, 0)));
      if (!account) throw invalidParam('could not find account');
      const state = isTokenProgram(new PublicKey(account.owner())) ? readTokenAccount(account.data()) : null;
      if (!state) throw invalidParam('not a Token account');
      return withContext(uiTokenAmount(state.amount, mintOwnerAndDecimals(lookup, state.mint).decimals));
    },
    getTokenAccountsByOwner: (params) => {
      // jsonrpc-core reads every param's JSON shape before agave checks the owner, then the filter's address.
      const filter = tokenAccountsFilter(params[1]);
      const encoding = accountEncoding(config(params, 2));
      const owner = verifyPubkey(stringParam(params, 0));
      const { programId, mint } = programIdAndMint(lookup, filter);
      const accounts = ledger
        .programAccounts(programId)
        .filter(({ account }) => {
          const state = readTokenAccount(account.data());
          return state && state.owner.equals(owner) && (!mint || state.mint.equals(mint));
        })
        // agave scans sorted by address.
        .sort((a, b) => Buffer.compare(a.address.toBuffer(), b.address.toBuffer()))
        .map(({ address, account }) => ({ account: encodeAccount(account, encoding, lookup), pubkey: address.toBase58() }));
      // jsonParsed leaves out an account it cannot parse rather than answer its bytes.
      return withContext(encoding === 'jsonParsed' ? accounts.filter(({ account }) => !Array.isArray(account.data)) : accounts);
    },
  };
}

interface TokenAccountsFilter {
  by: 'mint' | 'programId';
  address: string;
}

/** RpcTokenAccountsFilter's JSON shape: `{ mint }` or `{ programId }`, exactly one. */
function tokenAccountsFilter(value: unknown): TokenAccountsFilter {
  const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  const [by, address] = entries[0] ?? [];
  if (entries.length !== 1 || (by !== 'mint' && by !== 'programId') || typeof address !== 'string') {
    throw new RpcError(-32602, 'Invalid params: expected a filter `{ "mint": <address> }` or `{ "programId": <address> }` at position 1');
  }
  return { by, address };
}

/** agave's verify_token_account_filter and get_token_program_id_and_mint: the token program to scan, and the mint to keep. */
function programIdAndMint(lookup: AccountLookup, { by, address }: TokenAccountsFilter): { programId: PublicKey; mint: PublicKey | null } {
  const key = verifyPubkey(address);
  if (by === 'programId') {
    if (!isTokenProgram(key)) throw invalidParam('unrecognized Token program id');
    return { programId: key, mint: null };
  }
  const { programId } = mintOwnerAndDecimals(lookup, key);
  if (!isTokenProgram(programId)) throw invalidParam('not a Token mint');
  return { programId, mint: key };
}

/** agave's get_mint_owner_and_additional_data: wrapped SOL's are known; any other mint must exist and unpack. */
function mintOwnerAndDecimals(lookup: AccountLookup, mint: PublicKey): { programId: PublicKey; decimals: number } {
  if (mint.equals(NATIVE_MINT)) return { programId: TOKEN_PROGRAM_ID, decimals: NATIVE_DECIMALS };
  const account = lookup(mint);
  if (!account) throw invalidParam('could not find mint');
  const state = readMint(account.data());
  if (!state) throw invalidParam('Token mint could not be unpacked');
  return { programId: new PublicKey(account.owner()), decimals: state.decimals };
}

function invalidParam(reason: string): RpcError {
  return new RpcError(-32602, `Invalid param: ${reason}`);
}
