import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import type { Ledger } from './ledger';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MINT_LEN,
  TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  isTokenProgram,
  readMint,
  readTokenAccount,
  uiTokenAmount,
  type MintState,
  type UiTokenAmount,
} from './token-state';

export interface CreateMintOptions {
  decimals: number;
  /** The mint's 64-byte secret key, so a test and the site can agree on its address; a fresh key otherwise. */
  mintSecretKey?: Uint8Array | number[];
}

export interface MintToOptions {
  mint: PublicKey | string;
  owner: PublicKey | string;
  /** In the mint's smallest units (a string carries a u64 through JSON). */
  amount: bigint | number | string;
}

export interface TokenBalanceOptions {
  mint: PublicKey | string;
  owner: PublicKey | string;
}

const U64_MAX = 2n ** 64n - 1n;
// SPL Token instruction tags (TokenInstruction) and the ATA program's CreateIdempotent.
const MINT_TO = 7;
const INITIALIZE_MINT_2 = 20;
const CREATE_IDEMPOTENT = 1;

/**
 * Test mints on the chain, made by real transactions (the faucet pays, as for an airdrop) that
 * getTransaction and the token methods answer like any other. Every mint made here has one mint
 * authority the chain keeps, which alone can mint more of it.
 */
export class TokenFaucet {
  private readonly mintAuthority = Keypair.generate();

  constructor(private readonly ledger: Ledger) {}

  /** Creates an SPL Token mint (no freeze authority) at the given key or a fresh one; resolves to its address. */
  createMint({ decimals, mintSecretKey }: CreateMintOptions): string {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) throw new Error('decimals must be an integer from 0 to 255');
    const mint = mintSecretKey ? Keypair.fromSecretKey(Uint8Array.from(mintSecretKey)) : Keypair.generate();
    if (this.ledger.getAccount(mint.publicKey)) throw new Error(`${mint.publicKey.toBase58()} already exists`);
    const payer = this.ledger.faucetAddress;
    const create = SystemProgram.createAccount({
      fromPubkey: payer,
      newAccountPubkey: mint.publicKey,
      lamports: this.ledger.minimumBalanceForRentExemption(MINT_LEN),
      space: MINT_LEN,
      programId: TOKEN_PROGRAM_ID,
    });
    // InitializeMint2: decimals, the mint authority, and no freeze authority (a 0 option tag).
    const data = Buffer.concat([Buffer.from([INITIALIZE_MINT_2, decimals]), this.mintAuthority.publicKey.toBuffer(), Buffer.from([0])]);
    const initialize = new TransactionInstruction({ programId: TOKEN_PROGRAM_ID, keys: [{ pubkey: mint.publicKey, isSigner: false, isWritable: true }], data });
    this.ledger.submit([create, initialize], [mint]);
    return mint.publicKey.toBase58();
  }

  /** Mints `amount` of a mint made here to `owner`'s associated token account, creating it if need be; resolves to the signature. */
  mintTo({ mint, owner, amount }: MintToOptions): string {
    const mintKey = new PublicKey(mint);
    const ownerKey = new PublicKey(owner);
    const units = BigInt(amount);
    if (units <= 0n || units > U64_MAX) throw new Error('amount must be a positive u64');
    const found = this.mintAt(mintKey);
    if (!found?.state.mintAuthority?.equals(this.mintAuthority.publicKey)) throw new Error(`${mintKey.toBase58()} is not a mint this chain made`);
    const destination = associatedTokenAddress(ownerKey, mintKey, found.programId);
    const accounts = { payer: this.ledger.faucetAddress, destination, owner: ownerKey, mint: mintKey, programId: found.programId };
    return this.ledger.submit([createIdempotent(accounts), mintToInstruction(accounts, this.mintAuthority.publicKey, units)], [this.mintAuthority]);
  }

  /** What `owner`'s associated token account for `mint` holds, as getTokenAccountBalance answers it; null when it has none. */
  tokenBalance({ mint, owner }: TokenBalanceOptions): UiTokenAmount | null {
    const mintKey = new PublicKey(mint);
    const found = this.mintAt(mintKey);
    const account = found && this.ledger.getAccount(associatedTokenAddress(new PublicKey(owner), mintKey, found.programId));
    const state = account && readTokenAccount(account.data());
    return found && state ? uiTokenAmount(state.amount, found.state.decimals) : null;
  }

  /** The token mint at `mint` and its program, or null when there is none. */
  private mintAt(mint: PublicKey): { programId: PublicKey; state: MintState } | null {
    const account = this.ledger.getAccount(mint);
    const programId = account ? new PublicKey(account.owner()) : null;
    const state = account && programId && isTokenProgram(programId) ? readMint(account.data()) : null;
    return programId && state ? { programId, state } : null;
  }
}

interface MintAccounts {
  payer: PublicKey;
  destination: PublicKey;
  owner: PublicKey;
  mint: PublicKey;
  programId: PublicKey;
}

/** The ATA program's CreateIdempotent: the destination exists after it, whether or not it did before. */
function createIdempotent({ payer, destination, owner, mint, programId }: MintAccounts): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: programId, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([CREATE_IDEMPOTENT]),
  });
}

function mintToInstruction({ mint, destination, programId }: MintAccounts, authority: PublicKey, amount: bigint): TransactionInstruction {
  const data = Buffer.alloc(9);
  data.writeUInt8(MINT_TO);
  data.writeBigUInt64LE(amount, 1);
  return new TransactionInstruction({
    programId,
    keys: [
      { pubkey: mint, isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: true, isWritable: false },
    ],
    data,
  });
}
