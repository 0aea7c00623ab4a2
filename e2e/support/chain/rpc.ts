import { PublicKey, VersionedMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import { accountEncoding, encodeAccount, type AccountEncoding } from './accounts';
import { RpcError } from './errors';
import type { Ledger } from './ledger';
import { config, stringParam, stringsParam, type Config, type Params } from './params';
import { renderTransaction, type TransactionEncoding } from './render';
import { createTokenRpcMethods } from './token-rpc';
import { fromStr, parseTransaction, verifyPubkey, verifySignature } from './verify';

type Method = (params: Params) => unknown;

/**
 * This chain's own genesis hash, not devnet's: a server that names its cluster from the hash must
 * call this one 'localnet', as it would a test validator.
 */
export const LOCAL_GENESIS_HASH = '3fRbDLNixbSc6WJ3djVRNwTaVfZWbdLrT2WFqXNT1cWc';
/** The agave release it answers as: its parse errors are those of 2.3 and later (see verify.ts). */
const AGAVE_VERSION = '3.0.0';
const LAMPORTS_PER_SIGNATURE = 5000;
const SLOTS_PER_EPOCH = 432_000;
// agave's limits (rpc-client-types/src/request.rs; MAX_TX_ACCOUNT_LOCKS from solana-transaction).
const MAX_SIGNATURES_PER_PAGE = 1000;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_TX_ACCOUNT_LOCKS = 128;

/** The JSON-RPC methods, with the answer shapes @solana/web3.js 1.x validates. */
export function createRpcMethods(ledger: Ledger, genesisHash = LOCAL_GENESIS_HASH): Record<string, Method> {
  const withContext = (value: unknown) => ({ context: { apiVersion: AGAVE_VERSION, slot: ledger.slot }, value });

  const lookup = (address: PublicKey) => ledger.getAccount(address);
  const accountInfo = (address: PublicKey, encoding: AccountEncoding) => {
    const account = lookup(address);
    return account && encodeAccount(account, encoding, lookup);
  };

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': AGAVE_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => ledger.slot,
    getBlockHeight: () => ledger.blockHeight,
    getTransactionCount: () => ledger.transactionCount,
    getEpochInfo: () => ({
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: Math.floor(ledger.slot / SLOTS_PER_EPOCH),
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.transactionCount,
    }),
    getLatestBlockhash: () => withContext(ledger.latestBlockhash()),
    isBlockhashValid: (params) => {
      const blockhash = stringParam(params, 0);
      // agave parses a Hash here and answers its error's bare Debug name, without "Invalid param: ".
      const parsed = fromStr(blockhash, 32);
      if (typeof parsed === 'string') throw new RpcError(-32602, parsed);
      return withContext(ledger.isBlockhashValid(blockhash));
    },
    getFeeForMessage: (params) => {
      const message = VersionedMessage.deserialize(Buffer.from(stringParam(params, 0), 'base64'));
      const valid = ledger.isBlockhashValid(message.recentBlockhash);
      return withContext(valid ? message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE : null);
    },
    getRecentPrioritizationFees: (params) => {
      // A node checks the addresses asked about first, then answers each recent slot's fee.
      const asked = params[0] === undefined || params[0] === null ? [] : stringsParam(params, 0, MAX_TX_ACCOUNT_LOCKS);
      asked.forEach((address) => verifyPubkey(address));
      return ledger.recentPrioritizationFees();
    },
    getMinimumBalanceForRentExemption: (params) => ledger.minimumBalanceForRentExemption(Number(params[0] ?? 0)),
    getBalance: (params) => withContext(ledger.getBalance(verifyPubkey(stringParam(params, 0)))),
    getAccountInfo: (params) => {
      const encoding = accountEncoding(config(params, 1));
      return withContext(accountInfo(verifyPubkey(stringParam(params, 0)), encoding));
    },
    getMultipleAccounts: (params) => {
      const encoding = accountEncoding(config(params, 1));
      const addresses = stringsParam(params, 0, MAX_MULTIPLE_ACCOUNTS).map((address) => verifyPubkey(address));
      return withContext(addresses.map((address) => accountInfo(address, encoding)));
    },
    ...createTokenRpcMethods(ledger, withContext),
    requestAirdrop: (params) => {
      const lamports = Number(params[1]);
      if (!Number.isSafeInteger(lamports) || lamports <= 0) throw new RpcError(-32602, 'Invalid params: lamports must be a positive integer');
      return ledger.airdrop(verifyPubkey(stringParam(params, 0)), lamports);
    },
    sendTransaction: (params) => {
      const options = config(params, 1);
      return ledger.send(decodeWire(stringParam(params, 0), options.encoding), { preflight: options.skipPreflight !== true });
    },
    simulateTransaction: (params) => {
      const options = config(params, 1);
      const tx = parseTransaction(decodeWire(stringParam(params, 0), options.encoding));
      const replace = options.replaceRecentBlockhash === true;
      const sigVerify = options.sigVerify === true;
      if (replace && sigVerify) throw new RpcError(-32602, 'sigVerify may not be used with replaceRecentBlockhash');
      if (replace) tx.message.recentBlockhash = ledger.latestBlockhash().blockhash;
      const result = ledger.simulate(tx, { sigVerify });
      return withContext({
        ...result,
        accounts: null,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: replace ? ledger.latestBlockhash() : null,
      });
    },
    getSignatureStatuses: (params) => {
      // As agave: every signature is checked before any is looked up, so one bad one refuses the call.
      const signatures = stringsParam(params, 0, MAX_SIGNATURE_STATUSES).map((signature) => verifySignature(signature));
      return withContext(
        signatures.map((signature) => {
          const record = ledger.get(signature);
          if (!record) return null;
          // Every landed transaction is final at once: no forks here, and no test waits for 32 slots.
          return {
            slot: record.slot,
            confirmations: null,
            err: record.err,
            status: record.err ? { Err: record.err } : { Ok: null },
            confirmationStatus: 'finalized',
          };
        }),
      );
    },
    getTransaction: (params) => {
      // web3.js sends a bare encoding string in the oldest form of this call.
      const options: Config = typeof params[1] === 'string' ? { encoding: params[1] } : config(params, 1);
      const signature = verifySignature(stringParam(params, 0));
      if (options.commitment === 'processed') throw new RpcError(-32602, 'Method does not support commitment below `confirmed`');
      const record = ledger.get(signature);
      if (!record) return null;
      const encoding = (options.encoding ?? 'json') as TransactionEncoding;
      if (!['json', 'jsonParsed', 'base64', 'base58'].includes(encoding)) throw new RpcError(-32602, `Invalid params: unknown encoding ${encoding}`);
      const maxVersion = options.maxSupportedTransactionVersion;
      return renderTransaction(record, encoding, typeof maxVersion === 'number' ? maxVersion : undefined, ledger.versionOf(record));
    },
    getSignaturesForAddress: (params) => {
      // In agave's order: address, before, until, then limit.
      const address = verifyPubkey(stringParam(params, 0));
      const options = config(params, 1);
      const before = optionalSignature(options.before);
      const until = optionalSignature(options.until);
      const limit = options.limit ?? MAX_SIGNATURES_PER_PAGE;
      if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) {
        throw new RpcError(-32602, 'Invalid params: limit must be an unsigned integer');
      }
      if (limit === 0 || limit > MAX_SIGNATURES_PER_PAGE) throw new RpcError(-32602, `Invalid limit; max ${MAX_SIGNATURES_PER_PAGE}`);
      const newestFirst = ledger
        .all()
        .filter((record) => record.transaction.message.staticAccountKeys.some((key) => key.equals(address)))
        .reverse();
      // As a node: strictly older than `before` (nothing when `before` is unknown), strictly newer than `until`.
      const start = before ? newestFirst.findIndex((record) => record.signature === before) + 1 : 0;
      if (start === 0 && before) return [];
      const stop = until ? newestFirst.findIndex((record) => record.signature === until) : -1;
      return newestFirst
        .slice(start, stop === -1 ? undefined : stop)
        .slice(0, limit)
        .map((record) => ({
          signature: record.signature,
          slot: record.slot,
          err: record.err,
          memo: null,
          blockTime: record.blockTime,
          confirmationStatus: 'finalized',
        }));
    },
  };
}

/** A config's optional signature (absent or null: none), checked as agave checks one. */
function optionalSignature(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new RpcError(-32602, 'Invalid params: expected a signature string');
  return verifySignature(value);
}

/** sendTransaction's wire format: base58 unless the client says base64 (web3.js always does). */
function decodeWire(encoded: string, encoding: unknown): Uint8Array {
  try {
    return encoding === 'base64' ? new Uint8Array(Buffer.from(encoded, 'base64')) : bs58.decode(encoded);
  } catch {
    throw new RpcError(-32602, `Invalid params: invalid ${String(encoding ?? 'base58')} encoding`);
  }
}
