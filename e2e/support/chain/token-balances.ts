import { PublicKey, type VersionedMessage } from '@solana/web3.js';
import { NATIVE_DECIMALS, NATIVE_MINT, isTokenProgram, readMint, readTokenAccount, uiTokenAmount, type AccountLookup, type UiTokenAmount } from './token-state';

/** One entry of `meta.preTokenBalances` / `postTokenBalances`, keys in the order a node sends them. */
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

/**
 * The token balances of a transaction's accounts at one moment (before or after it executes), as agave's
 * collect_token_balances (ledger/src/token_balances.rs) takes them: only when the transaction names a
 * token program; never for a program it invokes or a token program itself; for every other account
 * that is a token account of a token program whose mint is a token mint. An account that does not
 * exist at that moment (created or closed by the transaction) has no entry.
 */
export function tokenBalances(message: VersionedMessage, lookup: AccountLookup): TokenBalance[] {
  const keys = message.staticAccountKeys;
  if (!keys.some(isTokenProgram)) return [];
  const invoked = new Set(message.compiledInstructions.map((ix) => ix.programIdIndex));
  return keys.flatMap((key, accountIndex) => {
    if (invoked.has(accountIndex) || isTokenProgram(key)) return [];
    const account = lookup(key);
    const programId = account ? new PublicKey(account.owner()) : null;
    const state = account && programId && isTokenProgram(programId) ? readTokenAccount(account.data()) : null;
    const decimals = state ? mintDecimals(lookup, state.mint) : null;
    if (!programId || !state || decimals === null) return [];
    return [
      {
        accountIndex,
        mint: state.mint.toBase58(),
        owner: state.owner.toBase58(),
        programId: programId.toBase58(),
        // The ledger keeps raw amounts: no Token-2022 interest or scaling, as agave notes there.
        uiTokenAmount: uiTokenAmount(state.amount, decimals),
      },
    ];
  });
}

/** agave's get_mint_decimals: wrapped SOL's are known; any other mint must be a token program's. */
function mintDecimals(lookup: AccountLookup, mint: PublicKey): number | null {
  if (mint.equals(NATIVE_MINT)) return NATIVE_DECIMALS;
  const account = lookup(mint);
  if (!account || !isTokenProgram(new PublicKey(account.owner()))) return null;
  return readMint(account.data())?.decimals ?? null;
}
