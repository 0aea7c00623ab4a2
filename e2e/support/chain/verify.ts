import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { RpcError } from './errors';

/** The Debug names of solana's ParseSignatureError, ParsePubkeyError and ParseHashError alike. */
export type ParseError = 'WrongSize' | 'Invalid';

/** A base58 string longer than this cannot hold a value of that many bytes: solana refuses it unread. */
const MAX_CHARS = { 32: 44, 64: 88 } as const;

/**
 * solana's `FromStr` for `Signature` (64 bytes), `Pubkey` and `Hash` (32), as in solana-sdk's
 * signature/, address/ and hash/src/lib.rs since they moved to five8 (solana-sdk #33, May 2025:
 * signature 2.3, pubkey 2.4, hash 2.3, so agave 2.3 and later): more UTF-8 bytes than a full
 * value takes → WrongSize; a byte outside the alphabet → Invalid; anything that does not decode
 * to exactly `size` bytes, too few or too many → WrongSize. (Before, with bs58, "too many" was Invalid.)
 */
export function fromStr(text: string, size: 32 | 64): Uint8Array | ParseError {
  if (Buffer.byteLength(text, 'utf8') > MAX_CHARS[size]) return 'WrongSize';
  const bytes = bs58.decodeUnsafe(text);
  if (!bytes) return 'Invalid';
  return bytes.length === size ? bytes : 'WrongSize';
}

// agave rpc/src/rpc.rs, verify_signature and verify_pubkey: the whole call is refused with
// `Error::invalid_params(format!("Invalid param: {e:?}"))`, JSON-RPC -32602.

/** agave's `verify_signature`: the signature as given, or the call's refusal. */
export function verifySignature(text: string): string {
  verified(fromStr(text, 64));
  return text;
}

/** agave's `verify_pubkey`: the address as a key, or the call's refusal. */
export function verifyPubkey(text: string): PublicKey {
  return new PublicKey(verified(fromStr(text, 32)));
}

function verified(parsed: Uint8Array | ParseError): Uint8Array {
  if (typeof parsed === 'string') throw new RpcError(-32602, `Invalid param: ${parsed}`);
  return parsed;
}

/**
 * Parses wire bytes with web3.js first: litesvm aborts the whole process on bytes it cannot
 * decode, so only a transaction web3.js could read (and re-serialise canonically) reaches it.
 */
export function parseTransaction(bytes: Uint8Array): VersionedTransaction {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(bytes);
  } catch (error) {
    throw new RpcError(-32602, `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`);
  }
  const { header, staticAccountKeys } = tx.message;
  if (tx.signatures.length === 0 || tx.signatures.length !== header.numRequiredSignatures || staticAccountKeys.length < header.numRequiredSignatures) {
    throw new RpcError(-32602, 'invalid transaction: Transaction failed to sanitize accounts offsets correctly');
  }
  return tx;
}
