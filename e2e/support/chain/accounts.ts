import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Account } from 'litesvm/dist/internal';
import { RpcError } from './errors';
import type { Config } from './params';
import {
  EXTENSION_NAMES,
  TOKEN_PROGRAM_ID,
  extensionTypes,
  isTokenProgram,
  readMint,
  readTokenAccount,
  uiTokenAmount,
  type AccountLookup,
  sortedKeys,
} from './token-state';

/** agave's UiAccountEncoding, as getAccountInfo, getMultipleAccounts and getTokenAccountsByOwner take it. */
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed' | 'base64+zstd';
const ENCODINGS: readonly string[] = ['binary', 'base58', 'base64', 'jsonParsed', 'base64+zstd'];
/** agave's MAX_BASE58_BYTES: larger data is refused in base58 (account-decoder, rpc.rs encode_account). */
const MAX_BASE58_BYTES = 128;
const IMMUTABLE_OWNER = EXTENSION_NAMES.indexOf('immutableOwner');

/** A config's encoding; absent, agave's default: the legacy `binary` (a bare base58 string). */
export function accountEncoding(options: Config): AccountEncoding {
  const { encoding } = options;
  if (encoding === undefined || encoding === null) return 'binary';
  if (typeof encoding === 'string' && ENCODINGS.includes(encoding)) return encoding as AccountEncoding;
  // serde's words for an unknown enum variant, as jsonrpc-core wraps them.
  const expected = ENCODINGS.map((name) => `\`${name}\``).join(', ');
  throw new RpcError(-32602, `Invalid params: unknown variant \`${String(encoding)}\`, expected one of ${expected}.`);
}

/**
 * An account as agave's RPC encodes it (rpc.rs get_encoded_account / encode_account, account-decoder's
 * UiAccount::encode). jsonParsed parses token accounts and mints (reading the mint's decimals through
 * `lookup`), and answers base64 for anything it cannot parse, as a node does.
 */
export function encodeAccount(account: Account, encoding: AccountEncoding, lookup: AccountLookup) {
  const data = account.data();
  const owner = new PublicKey(account.owner());
  if ((encoding === 'binary' || encoding === 'base58') && data.length > MAX_BASE58_BYTES) {
    throw new RpcError(-32600, `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`);
  }
  const base64 = [Buffer.from(data).toString('base64'), 'base64'];
  return {
    data:
      encoding === 'binary'
        ? bs58.encode(data)
        : encoding === 'base58'
          ? [bs58.encode(data), 'base58']
          : // base64+zstd as well: a node that cannot compress answers plain base64 too.
            (encoding === 'jsonParsed' && parsedTokenData(owner, data, lookup)) || base64,
    executable: account.executable(),
    lamports: Number(account.lamports()),
    owner: owner.toBase58(),
    rentEpoch: Number(account.rentEpoch()),
    space: data.length,
  };
}

/**
 * agave's ParsedAccount for a token program's account or mint (account-decoder parse_token_v3), keys in
 * the order a node sends them; null where it would not parse: another owner, a token account whose mint
 * it cannot read, or (here) a multisig or a Token-2022 extension other than immutableOwner.
 */
function parsedTokenData(owner: PublicKey, data: Uint8Array, lookup: AccountLookup) {
  if (!isTokenProgram(owner)) return null;
  const extensions = renderedExtensions(data);
  const parsed = extensions && (tokenAccountInfo(data, lookup) ?? mintInfo(data));
  if (!parsed) return null;
  return {
    parsed: { info: sortedKeys({ ...parsed.info, ...extensions }), type: parsed.type },
    program: owner.equals(TOKEN_PROGRAM_ID) ? 'spl-token' : 'spl-token-2022',
    space: data.length,
  };
}

/** UiTokenAccount, optional fields left out when absent; its amounts need the mint's decimals. */
function tokenAccountInfo(data: Uint8Array, lookup: AccountLookup) {
  const account = readTokenAccount(data);
  const mint = account && lookup(account.mint);
  const decimals = mint && readMint(mint.data())?.decimals;
  if (!account || decimals === undefined || decimals === null) return null;
  const info = {
    ...(account.closeAuthority ? { closeAuthority: account.closeAuthority.toBase58() } : {}),
    ...(account.delegate ? { delegate: account.delegate.toBase58(), delegatedAmount: uiTokenAmount(account.delegatedAmount, decimals) } : {}),
    isNative: account.isNative !== null,
    mint: account.mint.toBase58(),
    owner: account.owner.toBase58(),
    ...(account.isNative !== null ? { rentExemptReserve: uiTokenAmount(account.isNative, decimals) } : {}),
    state: account.state,
    tokenAmount: uiTokenAmount(account.amount, decimals),
  };
  return { info, type: 'account' };
}

/** UiMint: absent authorities are null. */
function mintInfo(data: Uint8Array) {
  const mint = readMint(data);
  if (!mint) return null;
  const info = {
    decimals: mint.decimals,
    freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
    isInitialized: true,
    mintAuthority: mint.mintAuthority?.toBase58() ?? null,
    supply: mint.supply.toString(),
  };
  return { info, type: 'mint' };
}

/** The `extensions` field (left out when there are none), or null for extensions this chain does not render. */
function renderedExtensions(data: Uint8Array): { extensions?: { extension: string }[] } | null {
  const types = extensionTypes(data);
  if (types.some((type) => type !== IMMUTABLE_OWNER)) return null;
  return types.length > 0 ? { extensions: [{ extension: 'immutableOwner' }] } : {};
}
