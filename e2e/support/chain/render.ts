import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionInstruction,
  type TransactionVersion,
  type VersionedMessage,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { RpcError } from './errors';
import type { RecordedTransaction } from './ledger';
import { parseTokenInstruction } from './token-instructions';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

interface CompiledInstructionLike {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight?: number | null;
}

/** The SPL Memo program, v2 and v1: a node parses both (agave's parse_instruction.rs). */
const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

/**
 * A recorded transaction in the shape getTransaction answers, for the given encoding.
 * `version` is present only when the caller sent maxSupportedTransactionVersion, and a versioned
 * transaction above it (or without it) is an error, both as on a real node. `version` is what the
 * chain says it was sent in: a test may mark a transaction as version 1 (Ledger.markVersion1).
 */
export function renderTransaction(
  record: RecordedTransaction,
  encoding: TransactionEncoding,
  maxSupportedVersion: number | undefined,
  version: TransactionVersion = record.transaction.version,
) {
  const { transaction } = record;
  if (version !== 'legacy' && (maxSupportedVersion === undefined || version > maxSupportedVersion)) {
    throw new RpcError(
      -32015,
      `Transaction version (${version}) is not supported by the requesting client. ` +
        `Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    );
  }
  const parsed = encoding === 'jsonParsed';
  const message = transaction.message;
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    ...(maxSupportedVersion === undefined ? {} : { version }),
    meta: {
      err: record.err,
      status: record.err ? { Err: record.err } : { Ok: null },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: record.innerInstructions.map(({ index, instructions }) => ({
        index,
        instructions: instructions.map((ix) => renderInstruction(ix, message, parsed)),
      })),
      logMessages: record.logMessages,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
    transaction:
      encoding === 'base64' || encoding === 'base58'
        ? [encoding === 'base64' ? Buffer.from(transaction.serialize()).toString('base64') : bs58.encode(transaction.serialize()), encoding]
        : {
            signatures: transaction.signatures.map((signature) => bs58.encode(signature)),
            message: renderMessage(message, parsed, version),
          },
  };
}

function renderMessage(message: VersionedMessage, parsed: boolean, version: TransactionVersion) {
  const keys = message.staticAccountKeys;
  // A v1 message carries its compute budget as a config and no lookup tables (SIMD-0385); a transaction marked v1
  // here keeps its instructions as sent, and its config is read from its ComputeBudget instructions.
  const lookups =
    version === 1
      ? { transactionConfig: transactionConfigOf(message) }
      : message.version === 'legacy'
        ? {}
        : {
            addressTableLookups: message.addressTableLookups.map((lookup) => ({
              accountKey: lookup.accountKey.toBase58(),
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          };
  const instructions = message.compiledInstructions.map((ix) =>
    renderInstruction({ programIdIndex: ix.programIdIndex, accounts: ix.accountKeyIndexes, data: ix.data, stackHeight: null }, message, parsed),
  );
  if (!parsed) {
    return {
      accountKeys: keys.map((key) => key.toBase58()),
      header: message.header,
      instructions,
      recentBlockhash: message.recentBlockhash,
      ...lookups,
    };
  }
  return {
    accountKeys: keys.map((key, index) => ({
      pubkey: key.toBase58(),
      signer: message.isAccountSigner(index),
      writable: message.isAccountWritable(index),
      source: 'transaction',
    })),
    instructions,
    recentBlockhash: message.recentBlockhash,
    ...lookups,
  };
}

function renderInstruction(ix: CompiledInstructionLike, message: VersionedMessage, parsed: boolean) {
  const keys = message.staticAccountKeys;
  const stackHeight = ix.stackHeight ?? null;
  if (!parsed) return { programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: bs58.encode(ix.data), stackHeight };
  const programId = keys[ix.programIdIndex]!;
  const accounts = ix.accounts.map((index) => keys[index]!);
  const systemInstruction = programId.equals(SystemProgram.programId) ? parseSystemInstruction(programId, accounts, ix.data) : null;
  const memo = MEMO_PROGRAMS.has(programId.toBase58()) ? parseMemo(ix.data) : null;
  const known = systemInstruction
    ? { program: 'system', parsed: systemInstruction }
    : memo !== null
      ? { program: 'spl-memo', parsed: memo }
      : parseTokenInstruction(programId, accounts, ix.data);
  if (known) return { program: known.program, programId: programId.toBase58(), parsed: known.parsed, stackHeight };
  // What a node answers for an instruction it cannot parse: agave's UiPartiallyDecodedInstruction.
  return { programId: programId.toBase58(), accounts: accounts.map((key) => key.toBase58()), data: bs58.encode(ix.data), stackHeight };
}

/**
 * The system instructions a payment flow uses, in the node's jsonParsed form. Anything else
 * (or undecodable data) stays a raw instruction, which is also what a node falls back to.
 */
function parseSystemInstruction(programId: PublicKey, accounts: PublicKey[], data: Uint8Array) {
  const instruction = new TransactionInstruction({
    programId,
    keys: accounts.map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })),
    data: Buffer.from(data),
  });
  try {
    switch (SystemInstruction.decodeInstructionType(instruction)) {
      case 'Transfer': {
        const { fromPubkey, toPubkey, lamports } = SystemInstruction.decodeTransfer(instruction);
        return { type: 'transfer', info: { source: fromPubkey.toBase58(), destination: toPubkey.toBase58(), lamports: Number(lamports) } };
      }
      case 'Create': {
        const { fromPubkey, newAccountPubkey, lamports, space, programId: owner } = SystemInstruction.decodeCreateAccount(instruction);
        return {
          type: 'createAccount',
          info: { source: fromPubkey.toBase58(), newAccount: newAccountPubkey.toBase58(), lamports, space, owner: owner.toBase58() },
        };
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** A memo is parsed as its text when it is UTF-8, as a node does; anything else stays raw. */
function parseMemo(data: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** A v1 message's config (web3.js's TransactionConfig), from the ComputeBudget instructions of a transaction marked v1. */
function transactionConfigOf(message: VersionedMessage) {
  const config = {
    computeUnitLimit: null as number | null,
    heapSize: null as number | null,
    loadedAccountsDataSizeLimit: null as number | null,
    priorityFee: null as number | null,
  };
  let unitPrice: bigint | null = null;
  for (const ix of message.compiledInstructions) {
    const programId = message.staticAccountKeys[ix.programIdIndex]!;
    if (!programId.equals(ComputeBudgetProgram.programId)) continue;
    const instruction = new TransactionInstruction({ programId, keys: [], data: Buffer.from(ix.data) });
    try {
      switch (ComputeBudgetInstruction.decodeInstructionType(instruction)) {
        case 'SetComputeUnitLimit':
          config.computeUnitLimit = ComputeBudgetInstruction.decodeSetComputeUnitLimit(instruction).units;
          break;
        case 'SetComputeUnitPrice':
          unitPrice = BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(instruction).microLamports);
          break;
        case 'RequestHeapFrame':
          config.heapSize = ComputeBudgetInstruction.decodeRequestHeapFrame(instruction).bytes;
          break;
        default:
          break;
      }
    } catch {
      // Undecodable: a node would have refused the transaction; nothing to report.
    }
  }
  // v1 states the whole priority fee in lamports: unit price × limit, rounded up.
  if (unitPrice !== null && config.computeUnitLimit !== null)
    config.priorityFee = Number((unitPrice * BigInt(config.computeUnitLimit) + 999_999n) / 1_000_000n);
  return config;
}
