import { createTransfer, findReference, validateTransfer, ValidateTransferError } from '@solana/pay';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type ParsedInstruction,
  type PartiallyDecodedInstruction,
} from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainControl } from '@/e2e/support/chain/control';
import { startLocalChain, type LocalChain } from '@/e2e/support/chain/server';

// Every answer below is read through web3.js's Connection, which checks it against its own schema
// (TokenBalanceResult, ParsedAccountDataResult, …) and throws on any mismatch.

const PORT = 8981;
const DECIMALS = 6;
const PRICE = 2_500_000n; // 2.5 tokens
/** A fixed mint key, as the site's USDC mint would be configured. */
const MINT_KEY = Keypair.fromSeed(new Uint8Array(32).fill(7));
const TOKEN_PROGRAM = TOKEN_PROGRAM_ID.toBase58();

let chain: LocalChain;
let connection: Connection;
let mint: PublicKey;

beforeAll(async () => {
  chain = await startLocalChain({ port: PORT });
  connection = new Connection(chain.url, 'confirmed');
  mint = new PublicKey(await chain.createMint({ decimals: DECIMALS, mintSecretKey: MINT_KEY.secretKey }));
});

afterAll(async () => {
  // web3.js keeps its websocket open (and reconnecting) until told otherwise.
  (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close();
  await chain?.stop();
});

/** A wallet with SOL for fees and, when asked, `tokens` smallest units of the mint in its associated account. */
async function wallet(tokens = 0n): Promise<Keypair> {
  const keypair = Keypair.generate();
  await chain.airdrop(keypair.publicKey, LAMPORTS_PER_SOL);
  if (tokens > 0n) await chain.mintTo({ mint, owner: keypair.publicKey, amount: tokens });
  return keypair;
}

const ata = (owner: PublicKey, ofMint = mint) => getAssociatedTokenAddressSync(ofMint, owner);

async function send(payer: Keypair, ...instructions: TransactionInstruction[]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(...instructions);
  tx.sign(payer);
  const signature = await connection.sendRawTransaction(tx.serialize());
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
  return signature;
}

/** The payment the site will build: transferChecked payer ATA → recipient ATA, with the checkout's reference as a read-only key. */
function payment(payer: PublicKey, recipient: PublicKey, reference: PublicKey, amount = PRICE) {
  const transfer = createTransferCheckedInstruction(ata(payer), mint, ata(recipient), payer, amount, DECIMALS);
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  return transfer;
}

const parsedTransaction = (signature: string) => connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });

/** agave's UiTokenAmount for `amount` smallest units of a 6-decimal mint. */
function tokenAmount(amount: bigint) {
  const ui = Number(amount) / 10 ** DECIMALS;
  return { amount: String(amount), decimals: DECIMALS, uiAmount: ui, uiAmountString: String(ui) };
}

function balance(accountIndex: number, owner: PublicKey, amount: bigint) {
  return { accountIndex, mint: mint.toBase58(), owner: owner.toBase58(), programId: TOKEN_PROGRAM, uiTokenAmount: tokenAmount(amount) };
}

describe('local chain: SPL Token payments', () => {
  it('shows both sides of a transferChecked in pre/post token balances, and parses it, as a node does', async () => {
    const payer = await wallet(10_000_000n);
    const recipient = await wallet(1_000_000n);
    const reference = Keypair.generate().publicKey;
    const signature = await send(payer, payment(payer.publicKey, recipient.publicKey, reference));

    const parsed = await parsedTransaction(signature);
    const keys = parsed!.transaction.message.accountKeys.map((key) => key.pubkey.toBase58());
    const [from, to] = [keys.indexOf(ata(payer.publicKey).toBase58()), keys.indexOf(ata(recipient.publicKey).toBase58())];
    const byIndex = (a: { accountIndex: number }, b: { accountIndex: number }) => a.accountIndex - b.accountIndex;
    expect(parsed!.meta!.preTokenBalances).toEqual([balance(from, payer.publicKey, 10_000_000n), balance(to, recipient.publicKey, 1_000_000n)].sort(byIndex));
    expect(parsed!.meta!.postTokenBalances).toEqual([balance(from, payer.publicKey, 7_500_000n), balance(to, recipient.publicKey, 3_500_000n)].sort(byIndex));
    const [instruction] = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(instruction!.program).toBe('spl-token');
    expect(instruction!.programId.equals(TOKEN_PROGRAM_ID)).toBe(true);
    // agave's parse_signers reads any account after the authority as a multisig's signers: the reference.
    expect(instruction!.parsed).toEqual({
      type: 'transferChecked',
      info: {
        source: ata(payer.publicKey).toBase58(),
        mint: mint.toBase58(),
        destination: ata(recipient.publicKey).toBase58(),
        multisigAuthority: payer.publicKey.toBase58(),
        signers: [reference.toBase58()],
        tokenAmount: tokenAmount(PRICE),
      },
    });

    // The json encoding carries the same balances; on the wire, in the order a node sends them.
    const raw = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(raw!.meta!.postTokenBalances).toEqual(parsed!.meta!.postTokenBalances);
    const wire = (await rpc('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }])) as {
      result: { meta: { preTokenBalances: Record<string, Record<string, unknown>>[] } };
    };
    expect(Object.keys(wire.result.meta.preTokenBalances[0]!)).toEqual(['accountIndex', 'mint', 'owner', 'programId', 'uiTokenAmount']);
    expect(Object.keys(wire.result.meta.preTokenBalances[0]!.uiTokenAmount!)).toEqual(['amount', 'decimals', 'uiAmount', 'uiAmountString']);
    expect((await connection.getSignaturesForAddress(reference)).map((entry) => entry.signature)).toEqual([signature]);
  });

  it("pays a Solana Pay USDC request built by @solana/pay's createTransfer, which findReference and validateTransfer accept", async () => {
    const payer = await wallet(5_000_000n);
    const recipient = await wallet(1n); // Solana Pay pays an existing associated account
    const reference = Keypair.generate().publicKey;
    const fields = { recipient: recipient.publicKey, amount: new BigNumber('2.5'), splToken: mint, reference };

    const tx = await createTransfer(connection, payer.publicKey, fields);
    tx.sign(payer);
    const signature = await connection.sendRawTransaction(tx.serialize());
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) }, 'confirmed');

    expect((await findReference(connection, reference, { finality: 'confirmed' })).signature).toBe(signature);
    await expect(validateTransfer(connection, signature, fields, { commitment: 'confirmed' })).resolves.toMatchObject({ meta: { err: null } });
    await expect(validateTransfer(connection, signature, { ...fields, amount: new BigNumber('2.500001') }, { commitment: 'confirmed' })).rejects.toThrow(
      new ValidateTransferError('amount not transferred'),
    );
    // Another mint's payment does not reach the recipient's account for this one.
    const otherMint = new PublicKey(await chain.createMint({ decimals: DECIMALS }));
    await expect(validateTransfer(connection, signature, { ...fields, splToken: otherMint }, { commitment: 'confirmed' })).rejects.toThrow(
      new ValidateTransferError('recipient not found'),
    );
    expect(chain.tokenBalance({ mint, owner: recipient.publicKey })).toEqual(tokenAmount(2_500_001n));
  });

  it('shows an associated account created in the transaction only in post balances, and parses the ATA program', async () => {
    const payer = await wallet(5_000_000n);
    const recipient = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;
    const create = createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata(recipient), recipient, mint);
    const signature = await send(payer, create, payment(payer.publicKey, recipient, reference));

    const parsed = await parsedTransaction(signature);
    const keys = parsed!.transaction.message.accountKeys.map((key) => key.pubkey.toBase58());
    const [from, to] = [keys.indexOf(ata(payer.publicKey).toBase58()), keys.indexOf(ata(recipient).toBase58())];
    expect(parsed!.meta!.preTokenBalances).toEqual([balance(from, payer.publicKey, 5_000_000n)]);
    expect(parsed!.meta!.postTokenBalances).toEqual(
      [balance(from, payer.publicKey, 2_500_000n), balance(to, recipient, PRICE)].sort((a, b) => a.accountIndex - b.accountIndex),
    );
    const [createAccount] = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(createAccount).toMatchObject({
      program: 'spl-associated-token-account',
      parsed: {
        type: 'createIdempotent',
        info: {
          source: payer.publicKey.toBase58(),
          account: ata(recipient).toBase58(),
          wallet: recipient.toBase58(),
          mint: mint.toBase58(),
          systemProgram: SystemProgram.programId.toBase58(),
          tokenProgram: TOKEN_PROGRAM,
        },
      },
    });
    expect(createAccount!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true);
    const inner = parsed!.meta!.innerInstructions![0]!.instructions as ParsedInstruction[];
    expect(inner.map((ix) => `${ix.program} ${(ix.parsed as { type: string }).type}`)).toEqual([
      'spl-token getAccountDataSize',
      'system createAccount',
      'spl-token initializeImmutableOwner',
      'spl-token initializeAccount3',
    ]);
    expect(inner[0]!.parsed).toEqual({ type: 'getAccountDataSize', info: { extensionTypes: ['immutableOwner'], mint: mint.toBase58() } });
    await expect(validateTransfer(connection, signature, { recipient, amount: new BigNumber('2.5'), splToken: mint, reference })).resolves.toBeTruthy();
  });

  it('drops a closed account from post balances, parses transfer and mintTo, and answers an instruction it cannot parse raw', async () => {
    const owner = await wallet(1_000_000n);
    const other = await wallet(1n);
    const emptied = await send(owner, createTransferInstruction(ata(owner.publicKey), ata(other.publicKey), owner.publicKey, 1_000_000n));
    const transfer = (await parsedTransaction(emptied))!.transaction.message.instructions[0] as ParsedInstruction;
    expect(transfer.parsed).toEqual({
      type: 'transfer',
      info: { source: ata(owner.publicKey).toBase58(), destination: ata(other.publicKey).toBase58(), authority: owner.publicKey.toBase58(), amount: '1000000' },
    });

    const closed = await parsedTransaction(await send(owner, createCloseAccountInstruction(ata(owner.publicKey), owner.publicKey, owner.publicKey)));
    expect(closed!.meta!.preTokenBalances).toEqual([expect.objectContaining({ owner: owner.publicKey.toBase58(), uiTokenAmount: tokenAmount(0n) })]);
    expect(closed!.meta!.postTokenBalances).toEqual([]);
    expect(closed!.transaction.message.instructions[0]).toMatchObject({ program: 'spl-token', parsed: { type: 'closeAccount' } });

    // The chain's own mintTo is a real transaction like any other.
    const minted = await parsedTransaction(await chain.mintTo({ mint, owner: owner.publicKey, amount: 42n }));
    expect(minted!.transaction.message.instructions[1]).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mintTo', info: { account: ata(owner.publicKey).toBase58(), amount: '42', mint: mint.toBase58() } },
    });

    // Data the token program does not know: the node answers the raw instruction (and the program fails it).
    const unknown = new TransactionInstruction({
      programId: TOKEN_PROGRAM_ID,
      keys: [{ pubkey: ata(owner.publicKey), isSigner: false, isWritable: true }],
      data: Buffer.from([99]),
    });
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(unknown);
    tx.sign(owner);
    const failed = await parsedTransaction(await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true }));
    expect(failed!.meta!.err).toEqual({ InstructionError: [0, { Custom: 12 }] }); // TokenError::InvalidInstruction
    const rawInstruction = failed!.transaction.message.instructions[0] as PartiallyDecodedInstruction;
    expect(rawInstruction.accounts.map(String)).toEqual([ata(owner.publicKey).toBase58()]);
    expect(rawInstruction.data).toBe(bs58.encode([99]));
  });
});

describe('local chain: token accounts and mints', () => {
  it('answers jsonParsed accounts, balances and token accounts by owner as agave renders them', async () => {
    const owner = await wallet(1_234_500n);
    const account = ata(owner.publicKey);
    const tokenAccount = {
      parsed: {
        info: { isNative: false, mint: mint.toBase58(), owner: owner.publicKey.toBase58(), state: 'initialized', tokenAmount: tokenAmount(1_234_500n) },
        type: 'account',
      },
      program: 'spl-token',
      space: 165,
    };
    expect((await connection.getParsedAccountInfo(account)).value).toMatchObject({ data: tokenAccount, owner: TOKEN_PROGRAM_ID, space: 165 });
    const mintInfo = (await connection.getParsedAccountInfo(mint)).value!.data as { parsed: { info: Record<string, unknown>; type: string } };
    expect(mintInfo).toEqual({
      parsed: {
        info: { decimals: DECIMALS, freezeAuthority: null, isInitialized: true, mintAuthority: expect.any(String), supply: expect.stringMatching(/^\d+$/) },
        type: 'mint',
      },
      program: 'spl-token',
      space: 82,
    });
    expect(mint.equals(MINT_KEY.publicKey)).toBe(true);

    expect((await connection.getTokenAccountBalance(account)).value).toEqual(tokenAmount(1_234_500n));
    expect(await chainControl(chain.url).tokenBalance({ mint, owner: owner.publicKey })).toEqual(tokenAmount(1_234_500n));
    expect(await chainControl(chain.url).tokenBalance({ mint, owner: Keypair.generate().publicKey })).toBeNull();
    const byMint = (await connection.getTokenAccountsByOwner(owner.publicKey, { mint })).value;
    expect(byMint.map(({ pubkey }) => pubkey.toBase58())).toEqual([account.toBase58()]);
    expect((await getAccount(connection, account)).amount).toBe(1_234_500n);
    const byProgram = (await connection.getParsedTokenAccountsByOwner(owner.publicKey, { programId: TOKEN_PROGRAM_ID })).value;
    expect(byProgram.map(({ pubkey, account: { data } }) => [pubkey.toBase58(), data])).toEqual([[account.toBase58(), tokenAccount]]);
    const multiple = (await connection.getMultipleParsedAccounts([account, mint, owner.publicKey, Keypair.generate().publicKey])).value;
    expect(multiple.map((entry) => entry && entry.data)).toEqual([tokenAccount, mintInfo, expect.any(Buffer), null]);
  });

  it('refuses token questions as agave words them', async () => {
    const owner = await wallet(1n);
    const nowhere = Keypair.generate().publicKey.toBase58();
    const refusals: [method: string, params: unknown[], code: number, message: string][] = [
      ['getTokenAccountBalance', [nowhere], -32602, 'Invalid param: could not find account'],
      ['getTokenAccountBalance', [owner.publicKey.toBase58()], -32602, 'Invalid param: not a Token account'],
      ['getTokenAccountBalance', ['not a key'], -32602, 'Invalid param: Invalid'],
      ['getTokenAccountsByOwner', [owner.publicKey.toBase58(), { mint: nowhere }], -32602, 'Invalid param: could not find mint'],
      [
        'getTokenAccountsByOwner',
        [owner.publicKey.toBase58(), { mint: owner.publicKey.toBase58() }],
        -32602,
        'Invalid param: Token mint could not be unpacked',
      ],
      [
        'getTokenAccountsByOwner',
        [owner.publicKey.toBase58(), { programId: SystemProgram.programId.toBase58() }],
        -32602,
        'Invalid param: unrecognized Token program id',
      ],
      ['getTokenAccountsByOwner', ['not a key', { mint: mint.toBase58() }], -32602, 'Invalid param: Invalid'],
      // The legacy default encoding is base58, which a token account is too large for.
      [
        'getTokenAccountsByOwner',
        [owner.publicKey.toBase58(), { mint: mint.toBase58() }],
        -32600,
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      ],
      ['getAccountInfo', [ata(owner.publicKey).toBase58()], -32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.'],
      [
        'getAccountInfo',
        [nowhere, { encoding: 'hex' }],
        -32602,
        'Invalid params: unknown variant `hex`, expected one of `binary`, `base58`, `base64`, `jsonParsed`, `base64+zstd`.',
      ],
    ];
    for (const [method, params, code, message] of refusals) {
      expect(await rpc(method, params), method).toEqual({ jsonrpc: '2.0', id: 1, error: { code, message } });
    }
  });

  it('keeps the mint authority: a mint made elsewhere or a taken key is refused', async () => {
    const control = chainControl(chain.url);
    await expect(control.createMint({ decimals: DECIMALS, mintSecretKey: MINT_KEY.secretKey })).rejects.toThrow(`${mint.toBase58()} already exists`);
    await expect(control.mintTo({ mint: Keypair.generate().publicKey, owner: Keypair.generate().publicKey, amount: 1n })).rejects.toThrow(
      'is not a mint this chain made',
    );
    const made = await control.createMint({ decimals: 0 });
    const owner = Keypair.generate().publicKey;
    const signature = await control.mintTo({ mint: made, owner, amount: 2n ** 64n - 1n });
    expect(chain.getTransaction(signature)?.err).toBeNull();
    expect(await control.tokenBalance({ mint: made, owner })).toEqual({
      amount: '18446744073709551615',
      decimals: 0,
      uiAmount: Number(2n ** 64n - 1n),
      uiAmountString: '18446744073709551615',
    });
  });
});

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return res.json();
}
