import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction, type TransactionInstruction, type TransactionVersion } from '@solana/web3.js';
import bs58 from 'bs58';
// The native class works on raw bytes; litesvm's public class wants @solana/kit objects instead.
import { Account, Clock, FailedTransactionMetadata, LiteSvm, TransactionMetadata } from 'litesvm/dist/internal';
import { simulationFailed, toRpcError, type RpcTransactionError } from './errors';
import { tokenBalances, type TokenBalance } from './token-balances';
import { parseTransaction } from './verify';

/** One executed transaction, with what litesvm does not keep: slot, block time, balances and token balances. */
export interface RecordedTransaction {
  signature: string;
  slot: number;
  blockTime: number;
  err: RpcTransactionError | null;
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  computeUnitsConsumed: number;
  /** Per top-level instruction, the instructions it invoked: [programIdIndex, account indexes, data]. */
  innerInstructions: { index: number; instructions: { programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: number }[] }[];
  transaction: VersionedTransaction;
}

export interface SimulationResult {
  err: RpcTransactionError | null;
  logs: string[];
  unitsConsumed: number;
}

/** The recent slots a node keeps prioritization fees for (agave's MAX_NUM_RECENT_BLOCKS). */
const RECENT_FEE_SLOTS = 150;
/** A blockhash is valid for this many blocks after it was handed out, as on a real cluster. */
const BLOCKHASH_VALIDITY = 150;
const FAUCET_LAMPORTS = 1_000_000_000_000_000n; // 1M SOL: ample, and every balance stays a safe JS number
const SYSTEM_PROGRAM = new Uint8Array(32);

/**
 * The chain state: litesvm plus a record of every transaction that landed, successful or failed.
 * Each landed transaction gets its own slot, so slots, block heights and block times move like a
 * (very quiet) real cluster. The blockhash only changes on expireBlockhash(): litesvm accepts only
 * its latest blockhash, so rotating it per block would fail a wallet that signed a moment ago.
 */
export class Ledger {
  private readonly svm = new LiteSvm();
  private readonly faucet = Keypair.generate();
  private readonly records = new Map<string, RecordedTransaction>();
  private readonly listeners = new Set<(record: RecordedTransaction) => void>();
  private readonly genesisSlot: number;
  private timeOffsetSeconds = 0;
  /** Signatures a test says were sent in version 1 (SIMD-0385): litesvm runs no such transaction, so it is told. */
  private readonly sentInVersion1 = new Set<string>();
  /** What getRecentPrioritizationFees reports for every recent slot, in micro-lamports per compute unit. */
  private unitPriceMicroLamports = 0;

  constructor() {
    // Wrapped SOL's mints exist on every real cluster.
    this.svm.withNativeMints();
    this.svm.setAccount(this.faucet.publicKey.toBytes(), new Account(FAUCET_LAMPORTS, new Uint8Array(), SYSTEM_PROGRAM, false, 0n));
    this.genesisSlot = this.slot;
    this.setClock(this.slot);
  }

  get slot(): number {
    return Number(this.svm.getClock().slot);
  }

  /** One block per slot here, counted from the first slot so it stays well below the slot. */
  get blockHeight(): number {
    return this.slot - this.genesisSlot;
  }

  get transactionCount(): number {
    return this.records.size;
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.blockHeight + BLOCKHASH_VALIDITY };
  }

  isBlockhashValid(blockhash: string): boolean {
    return blockhash === this.svm.latestBlockhash();
  }

  /** Makes every transaction signed so far with the current blockhash unsendable. */
  expireBlockhash(): void {
    this.svm.expireBlockhash();
  }

  /**
   * Marks a transaction, landed or still to land (its signature is known once signed), as sent in version 1:
   * getTransaction then answers it as a node answers a v1 transaction, -32015 to a call declaring less than 1.
   */
  markVersion1(signature: string): void {
    this.sentInVersion1.add(signature);
  }

  /** The version a node reports for a recorded transaction. */
  versionOf(record: RecordedTransaction): TransactionVersion {
    return this.sentInVersion1.has(record.signature) ? 1 : record.transaction.version;
  }

  /** What a busy cluster asks: the unit price every recent slot reports (getRecentPrioritizationFees). */
  setPriorityFee(microLamports: number): void {
    if (!Number.isSafeInteger(microLamports) || microLamports < 0) throw new Error('microLamports must be a whole number, 0 or more');
    this.unitPriceMicroLamports = microLamports;
  }

  /** As a node: one entry per recent slot it keeps (up to 150), oldest first. */
  recentPrioritizationFees(): { slot: number; prioritizationFee: number }[] {
    const first = Math.max(this.genesisSlot, this.slot - RECENT_FEE_SLOTS + 1);
    return Array.from({ length: this.slot - first + 1 }, (_, n) => ({ slot: first + n, prioritizationFee: this.unitPriceMicroLamports }));
  }

  /** Shifts the block time of later transactions, e.g. to make a payment look old. */
  setTimeOffset(seconds: number): void {
    this.timeOffsetSeconds = seconds;
  }

  minimumBalanceForRentExemption(dataLength: number): number {
    return Number(this.svm.minimumBalanceForRentExemption(BigInt(dataLength)));
  }

  getBalance(pubkey: PublicKey): number {
    return Number(this.svm.getBalance(pubkey.toBytes()) ?? 0n);
  }

  /** An account, or null where a node has none (litesvm drops one closed to zero lamports). */
  getAccount(pubkey: PublicKey): Account | null {
    return this.svm.getAccount(pubkey.toBytes());
  }

  /** The accounts a program owns, with their addresses (getTokenAccountsByOwner scans a token program's). */
  programAccounts(programId: PublicKey): { address: PublicKey; account: Account }[] {
    return this.svm.getProgramAccounts(programId.toBytes()).map((entry) => ({ address: new PublicKey(entry.address), account: entry.account() }));
  }

  get(signature: string): RecordedTransaction | undefined {
    return this.records.get(signature);
  }

  all(): RecordedTransaction[] {
    return [...this.records.values()];
  }

  onExecuted(listener: (record: RecordedTransaction) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends raw transaction bytes. With preflight, a transaction that would fail is refused
   * (as a node does: JSON-RPC -32002 with logs) and never lands. Without, one that fails while
   * executing lands with its error and pays its fee, like on a real cluster. One that cannot land
   * at all (bad signature, unknown blockhash, no funds for the fee) is refused either way: a real
   * node would accept it and let it expire silently, which would only make a test hang.
   */
  send(bytes: Uint8Array, { preflight }: { preflight: boolean }): string {
    const tx = parseTransaction(bytes);
    const signature = bs58.encode(tx.signatures[0]!);
    if (this.records.has(signature)) {
      if (preflight) throw simulationFailed('AlreadyProcessed', [], 0);
      return signature;
    }
    if (preflight) {
      const simulated = this.simulate(tx, { sigVerify: true });
      if (simulated.err) throw simulationFailed(simulated.err, simulated.logs, simulated.unitsConsumed);
    }
    return this.execute(tx).signature;
  }

  simulate(tx: VersionedTransaction, { sigVerify }: { sigVerify: boolean }): SimulationResult {
    const sigverify = this.svm.getSigverify();
    this.svm.setSigverify(sigVerify);
    try {
      const bytes = tx.serialize();
      const result = tx.version === 'legacy' ? this.svm.simulateLegacyTransaction(bytes) : this.svm.simulateVersionedTransaction(bytes);
      const meta = result instanceof FailedTransactionMetadata ? result.meta() : result.meta();
      return {
        err: result instanceof FailedTransactionMetadata ? toRpcError(result.err()) : null,
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
      };
    } finally {
      this.svm.setSigverify(sigverify);
    }
  }

  /** A faucet transfer, sent and recorded like any other transaction, so its signature can be confirmed. */
  airdrop(to: PublicKey, lamports: number): string {
    const transfer = SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: to, lamports });
    // A throwaway read-only key makes every airdrop's signature unique: two equal airdrops under
    // the same blockhash would otherwise be one transaction, and the second "already processed".
    transfer.keys.push({ pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: false });
    return this.submit([transfer]);
  }

  /** Who pays for submit(): the payer and funder its instructions name. */
  get faucetAddress(): PublicKey {
    return this.faucet.publicKey;
  }

  /**
   * A transaction of `instructions` that the faucet pays for and signs (with any other `signers` they
   * need), sent with preflight and recorded like any other. Resolves to its signature.
   */
  submit(instructions: TransactionInstruction[], signers: Keypair[] = []): string {
    const tx = new Transaction({ feePayer: this.faucet.publicKey, recentBlockhash: this.svm.latestBlockhash() }).add(...instructions);
    tx.sign(this.faucet, ...signers);
    return this.send(tx.serialize(), { preflight: true });
  }

  /**
   * What a bot that saw `reference` on chain can do: `count` small, successful transactions that carry
   * it too (faucet transfers of 1, 2, … lamports to a throwaway account). Resolves to their signatures, oldest first.
   */
  junk(reference: PublicKey, count: number): string[] {
    const sink = Keypair.generate().publicKey;
    this.airdrop(sink, this.minimumBalanceForRentExemption(0));
    return Array.from({ length: count }, (_, index) => {
      const transfer = SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: sink, lamports: index + 1 });
      transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
      return this.submit([transfer]);
    });
  }

  private execute(tx: VersionedTransaction): RecordedTransaction {
    const keys = tx.message.staticAccountKeys;
    const preBalances = keys.map((key) => this.getBalance(key));
    const lookup = (key: PublicKey) => this.getAccount(key);
    const preTokenBalances = tokenBalances(tx.message, lookup);
    const slot = this.slot + 1;
    this.setClock(slot);
    const bytes = tx.serialize();
    const result = tx.version === 'legacy' ? this.svm.sendLegacyTransaction(bytes) : this.svm.sendVersionedTransaction(bytes);
    const failed = result instanceof FailedTransactionMetadata ? result : null;
    const meta: TransactionMetadata = failed ? failed.meta() : (result as TransactionMetadata);
    // litesvm keeps a transaction in its history only if it landed (executed, or failed but paid its fee).
    if (!this.svm.getTransaction(tx.signatures[0]!)) {
      throw simulationFailed(failed ? toRpcError(failed.err()) : 'SanitizeFailure', meta.logs(), 0);
    }
    const postBalances = keys.map((key) => this.getBalance(key));
    const record: RecordedTransaction = {
      signature: bs58.encode(tx.signatures[0]!),
      slot,
      blockTime: this.now(),
      err: failed ? toRpcError(failed.err()) : null,
      // Lamports are only created or destroyed by the fee, so the balances' shrinkage is the fee.
      fee: Math.max(0, sum(preBalances) - sum(postBalances)),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: tokenBalances(tx.message, lookup),
      logMessages: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
      innerInstructions: meta
        .innerInstructions()
        .map((inner, index) => ({
          index,
          instructions: inner.map((ix) => ({
            programIdIndex: ix.instruction().programIdIndex(),
            accounts: [...ix.instruction().accounts()],
            data: ix.instruction().data(),
            stackHeight: ix.stackHeight(),
          })),
        }))
        .filter((entry) => entry.instructions.length > 0),
      transaction: tx,
    };
    this.records.set(record.signature, record);
    for (const listener of this.listeners) listener(record);
    return record;
  }

  private now(): number {
    return Math.floor(Date.now() / 1000) + this.timeOffsetSeconds;
  }

  /** Moves to `slot` with the clock's unix time set to now, so on-chain programs see real time too. */
  private setClock(slot: number): void {
    this.svm.warpToSlot(BigInt(slot));
    const clock = this.svm.getClock();
    this.svm.setClock(new Clock(clock.slot, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, BigInt(this.now())));
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
