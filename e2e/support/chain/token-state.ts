import { PublicKey } from '@solana/web3.js';
import type { Account } from 'litesvm/dist/internal';

// The token state a node reads from account data, as spl-token-2022's StateWithExtensions::unpack
// reads it for both token programs (agave account-decoder/src/parse_token.rs).

export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
/** Wrapped SOL: a node knows its decimals without reading the mint (agave's get_mint_decimals). */
export const NATIVE_MINT = new PublicKey('So11111111111111111111111111111111111111112');
export const NATIVE_DECIMALS = 9;

const ACCOUNT_LEN = 165;
export const MINT_LEN = 82;
const MULTISIG_LEN = 355;
const ACCOUNT_TYPE = { mint: 1, account: 2 } as const;

/** An account as the chain reads it: litesvm's, or null where a node sees none (absent, or closed to zero lamports). */
export type AccountLookup = (address: PublicKey) => Account | null;

export interface TokenAccountState {
  mint: PublicKey;
  owner: PublicKey;
  amount: bigint;
  delegate: PublicKey | null;
  state: 'initialized' | 'frozen';
  /** Wrapped SOL's rent-exempt reserve; null for any other mint. */
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: PublicKey | null;
}

export interface MintState {
  mintAuthority: PublicKey | null;
  supply: bigint;
  decimals: number;
  freezeAuthority: PublicKey | null;
}

export function isTokenProgram(programId: PublicKey): boolean {
  return programId.equals(TOKEN_PROGRAM_ID) || programId.equals(TOKEN_2022_PROGRAM_ID);
}

/** The associated token account of `owner` for `mint` under a token program: the address wallets pay to. */
export function associatedTokenAddress(owner: PublicKey, mint: PublicKey, programId = TOKEN_PROGRAM_ID): PublicKey {
  return PublicKey.findProgramAddressSync([owner.toBuffer(), programId.toBuffer(), mint.toBuffer()], ASSOCIATED_TOKEN_PROGRAM_ID)[0];
}

/** An initialized token account's state, or null where spl-token would not unpack one. */
export function readTokenAccount(data: Uint8Array): TokenAccountState | null {
  if (data.length < ACCOUNT_LEN || data.length === MULTISIG_LEN) return null;
  if (data.length > ACCOUNT_LEN && data[ACCOUNT_LEN] !== ACCOUNT_TYPE.account) return null;
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  try {
    return {
      mint: key(data, 0),
      owner: key(data, 32),
      amount: view.getBigUint64(64, true),
      delegate: optionalKey(data, view, 72),
      state: state === 1 ? 'initialized' : 'frozen',
      isNative: optionTag(view, 109) ? view.getBigUint64(113, true) : null,
      delegatedAmount: view.getBigUint64(121, true),
      closeAuthority: optionalKey(data, view, 129),
    };
  } catch {
    return null;
  }
}

/** An initialized mint's state, or null where spl-token would not unpack one. */
export function readMint(data: Uint8Array): MintState | null {
  if (data.length < MINT_LEN || data.length === MULTISIG_LEN) return null;
  // Past the base state, a Token-2022 mint is padded with zeros up to an account's length, then typed.
  if (data.length > MINT_LEN && (data.length <= ACCOUNT_LEN || data[ACCOUNT_LEN] !== ACCOUNT_TYPE.mint || data.subarray(MINT_LEN, ACCOUNT_LEN).some(Boolean))) {
    return null;
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data[45] !== 1) return null;
  try {
    return {
      mintAuthority: optionalKey(data, view, 0),
      supply: view.getBigUint64(36, true),
      decimals: data[44]!,
      freezeAuthority: optionalKey(data, view, 46),
    };
  } catch {
    return null;
  }
}

/** Token-2022's extension types by their u16 number, as agave names them (UiExtensionType). */
export const EXTENSION_NAMES = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmount',
  'pausable',
  'pausableAccount',
  'permissionedBurn',
];

/** The Token-2022 extension types (their u16 numbers) that follow a base state, in order; none for SPL Token. */
export function extensionTypes(data: Uint8Array): number[] {
  const types: number[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = ACCOUNT_LEN + 1; at + 4 <= data.length; at += 4 + view.getUint16(at + 2, true)) {
    const type = view.getUint16(at, true);
    if (type === 0) break; // uninitialized space: the rest is unused
    types.push(type);
  }
  return types;
}

/**
 * agave's UiTokenAmount (account-decoder token_amount_to_ui_amount_v3, without Token-2022's interest or
 * scaling): uiAmount is amount / 10^decimals as an f64, null past 19 decimals; uiAmountString is exact.
 */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: decimals < 20 ? Number(amount) / 10 ** decimals : null,
    uiAmountString: fraction ? `${whole}.${fraction}` : whole,
  };
}

export type UiTokenAmount = ReturnType<typeof uiTokenAmount>;

/** A node's parsed `info` is a serde_json Map, whose keys come out sorted. */
export function sortedKeys(info: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(info).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function key(data: Uint8Array, offset: number): PublicKey {
  return new PublicKey(data.subarray(offset, offset + 32));
}

/** A COption's 4-byte tag: 0 none, 1 some; anything else is data spl-token refuses. */
function optionTag(view: DataView, offset: number): boolean {
  const tag = view.getUint32(offset, true);
  if (tag > 1) throw new RangeError('invalid COption tag');
  return tag === 1;
}

function optionalKey(data: Uint8Array, view: DataView, offset: number): PublicKey | null {
  return optionTag(view, offset) ? key(data, offset + 4) : null;
}
