import { PublicKey } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, EXTENSION_NAMES, isTokenProgram, sortedKeys, uiTokenAmount } from './token-state';

type Info = Record<string, unknown>;

/** agave's ParsedInstructionEnum: an instruction's type and what it names. */
interface ParsedInstruction {
  type: string;
  info: Info;
}

/**
 * An SPL Token (either program) or Associated Token Account instruction in getTransaction's jsonParsed
 * form, `{ program, parsed }`, as agave's parse_token and parse_associated_token (transaction-status/src)
 * render it; null where agave could not parse it either (it then answers the raw instruction), and for
 * what this chain does not parse: Token-2022's extension instructions and Batch.
 */
export function parseTokenInstruction(programId: PublicKey, accounts: PublicKey[], data: Uint8Array) {
  // agave refuses an instruction naming no account before it reads the data.
  if (accounts.length === 0) return null;
  const keys = accounts.map((key) => key.toBase58());
  if (isTokenProgram(programId)) return named('spl-token', parseToken(keys, data));
  if (programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)) return named('spl-associated-token-account', parseAssociatedToken(keys, data));
  return null;
}

function named(program: string, parsed: ParsedInstruction | null) {
  return parsed && { program, parsed };
}

/** How one token instruction names its accounts and data (spl-token's TokenInstruction layout). */
interface Layout {
  type: string;
  /** The accounts it names, in order; SetAuthority's first one depends on its data. */
  accounts: readonly string[] | ((info: Info) => readonly string[]);
  /** The account after them: one authority [its name, its name when it is a multisig], or a multisig's signers. */
  authority?: readonly [string, string] | 'signers';
  /** Its data after the tag. */
  data?: (reader: Reader) => Info;
}

const AUTHORITY = ['authority', 'multisigAuthority'] as const;
const OWNER = ['owner', 'multisigOwner'] as const;
const MINT_AUTHORITY = ['mintAuthority', 'multisigMintAuthority'] as const;
const FREEZE_AUTHORITY = ['freezeAuthority', 'multisigFreezeAuthority'] as const;
// agave's UiAuthorityType, by AuthorityType's number: the first four are SPL Token's, the rest Token-2022's.
const AUTHORITY_TYPES = [
  'mintTokens',
  'freezeAccount',
  'accountOwner',
  'closeAccount',
  'transferFeeConfig',
  'withheldWithdraw',
  'closeMint',
  'interestRate',
  'permanentDelegate',
  'confidentialTransferMint',
  'transferHookProgramId',
  'confidentialTransferFeeConfig',
  'metadataPointer',
  'groupPointer',
  'groupMemberPointer',
  'scaledUiAmount',
  'pause',
  'permissionedBurn',
];
const ACCOUNT_AUTHORITIES = new Set(['accountOwner', 'closeAccount']);

const amount = (reader: Reader): Info => ({ amount: reader.u64().toString() });
const checkedAmount = (reader: Reader): Info => {
  const raw = reader.u64();
  return { tokenAmount: uiTokenAmount(raw, reader.u8()) };
};
const newMint = (reader: Reader): Info => {
  const decimals = reader.u8();
  const mintAuthority = reader.key();
  const freezeAuthority = reader.optionalKey();
  return { decimals, mintAuthority, ...(freezeAuthority ? { freezeAuthority } : {}) };
};
const owner = (reader: Reader): Info => ({ owner: reader.key() });
const signersRequired = (reader: Reader): Info => ({ m: reader.u8() });

/** Indexed by the instruction's tag (its first data byte). */
const TOKEN_LAYOUTS: Layout[] = [
  { type: 'initializeMint', accounts: ['mint', 'rentSysvar'], data: newMint },
  { type: 'initializeAccount', accounts: ['account', 'mint', 'owner', 'rentSysvar'] },
  { type: 'initializeMultisig', accounts: ['multisig', 'rentSysvar'], authority: 'signers', data: signersRequired },
  { type: 'transfer', accounts: ['source', 'destination'], authority: AUTHORITY, data: amount },
  { type: 'approve', accounts: ['source', 'delegate'], authority: OWNER, data: amount },
  { type: 'revoke', accounts: ['source'], authority: OWNER },
  {
    type: 'setAuthority',
    accounts: (info) => [ACCOUNT_AUTHORITIES.has(String(info.authorityType)) ? 'account' : 'mint'],
    authority: AUTHORITY,
    data: (reader) => ({ authorityType: known(AUTHORITY_TYPES, reader.u8()), newAuthority: reader.optionalKey() }),
  },
  { type: 'mintTo', accounts: ['mint', 'account'], authority: MINT_AUTHORITY, data: amount },
  { type: 'burn', accounts: ['account', 'mint'], authority: AUTHORITY, data: amount },
  { type: 'closeAccount', accounts: ['account', 'destination'], authority: OWNER },
  { type: 'freezeAccount', accounts: ['account', 'mint'], authority: FREEZE_AUTHORITY },
  { type: 'thawAccount', accounts: ['account', 'mint'], authority: FREEZE_AUTHORITY },
  { type: 'transferChecked', accounts: ['source', 'mint', 'destination'], authority: AUTHORITY, data: checkedAmount },
  { type: 'approveChecked', accounts: ['source', 'mint', 'delegate'], authority: OWNER, data: checkedAmount },
  { type: 'mintToChecked', accounts: ['mint', 'account'], authority: MINT_AUTHORITY, data: checkedAmount },
  { type: 'burnChecked', accounts: ['account', 'mint'], authority: AUTHORITY, data: checkedAmount },
  { type: 'initializeAccount2', accounts: ['account', 'mint', 'rentSysvar'], data: owner },
  { type: 'syncNative', accounts: ['account'] },
  { type: 'initializeAccount3', accounts: ['account', 'mint'], data: owner },
  { type: 'initializeMultisig2', accounts: ['multisig'], authority: 'signers', data: signersRequired },
  { type: 'initializeMint2', accounts: ['mint'], data: newMint },
  {
    type: 'getAccountDataSize',
    accounts: ['mint'],
    data: (reader) => {
      const types = reader.u16s().map((type) => known(EXTENSION_NAMES, type));
      return types.length > 0 ? { extensionTypes: types } : {};
    },
  },
  { type: 'initializeImmutableOwner', accounts: ['account'] },
  { type: 'amountToUiAmount', accounts: ['mint'], data: amount },
  { type: 'uiAmountToAmount', accounts: ['mint'], data: (reader) => ({ uiAmount: reader.utf8() }) },
];

function parseToken(keys: string[], data: Uint8Array): ParsedInstruction | null {
  const layout = TOKEN_LAYOUTS[data[0] ?? -1];
  if (!layout) return null;
  let info: Info;
  try {
    info = layout.data?.(new Reader(data)) ?? {};
  } catch {
    return null;
  }
  const names = typeof layout.accounts === 'function' ? layout.accounts(info) : layout.accounts;
  // agave's check_num_token_accounts: every named account, and the authority (or one signer) after them.
  if (keys.length < names.length + (layout.authority ? 1 : 0)) return null;
  names.forEach((name, index) => (info[name] = keys[index]));
  const after = keys.slice(names.length);
  if (layout.authority === 'signers') info.signers = after;
  else if (layout.authority) {
    // agave's parse_signers: more accounts than the authority make it a multisig, and the rest its signers.
    const [single, multisig] = layout.authority;
    if (after.length > 1) Object.assign(info, { [multisig]: after[0], signers: after.slice(1) });
    else info[single] = after[0];
  }
  return { type: layout.type, info: sortedKeys(info) };
}

const ATA_INSTRUCTIONS = ['create', 'createIdempotent', 'recoverNested'];
const ATA_ACCOUNTS: Record<string, readonly string[]> = {
  create: ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'],
  createIdempotent: ['source', 'account', 'wallet', 'mint', 'systemProgram', 'tokenProgram'],
  recoverNested: ['nestedSource', 'nestedMint', 'destination', 'nestedOwner', 'ownerMint', 'wallet', 'tokenProgram'],
};

/** agave's parse_associated_token: no data is the original Create; else exactly one Borsh enum byte. */
function parseAssociatedToken(keys: string[], data: Uint8Array): ParsedInstruction | null {
  const type = data.length === 0 ? 'create' : data.length === 1 ? ATA_INSTRUCTIONS[data[0]!] : undefined;
  const names = type && ATA_ACCOUNTS[type];
  if (!type || !names || keys.length < names.length) return null;
  return { type, info: sortedKeys(Object.fromEntries(names.map((name, index) => [name, keys[index]]))) };
}

function known(names: readonly string[], index: number): string {
  const name = names[index];
  if (name === undefined) throw new RangeError(`unknown variant ${index}`);
  return name;
}

/** Reads a token instruction's data after its tag as TokenInstruction::unpack does, throwing where unpack fails. */
class Reader {
  private at = 1;

  constructor(private readonly data: Uint8Array) {}

  u8(): number {
    return this.take(1)[0]!;
  }

  u64(): bigint {
    return Buffer.from(this.take(8)).readBigUInt64LE();
  }

  key(): string {
    return new PublicKey(this.take(32)).toBase58();
  }

  /** An instruction packs a COption<Pubkey> as a 1-byte tag, then the key when the tag is 1. */
  optionalKey(): string | null {
    const tag = this.u8();
    if (tag > 1) throw new RangeError('invalid option tag');
    return tag === 1 ? this.key() : null;
  }

  /** The rest as u16s (a trailing odd byte fails, as there). */
  u16s(): number[] {
    const rest = this.take(this.data.length - this.at);
    if (rest.length % 2 !== 0) throw new RangeError('odd u16 data');
    return Array.from({ length: rest.length / 2 }, (_, index) => rest[2 * index]! | (rest[2 * index + 1]! << 8));
  }

  utf8(): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.take(this.data.length - this.at));
  }

  private take(length: number): Uint8Array {
    if (this.at + length > this.data.length) throw new RangeError('instruction data too short');
    this.at += length;
    return this.data.subarray(this.at - length, this.at);
  }
}
