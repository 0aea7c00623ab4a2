/**
 * The Phantom stand-in, as it runs in the page. Plain JavaScript on purpose: it is injected as
 * text by page.addInitScript before the site's bundle, so it can import nothing (no web3.js) and
 * must not go through a TypeScript transform that could add helpers the page does not have.
 * init-script.ts prepends tweetnacl (for ed25519) and calls installPhantom(nacl, config).
 *
 * It signs the site's own web3.js Transaction / VersionedTransaction objects in place, through
 * their public methods, with the signer key object taken from the transaction itself (web3.js's
 * PublicKey.equals compares private fields, so a look-alike key object would not match).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the generated init script
function installPhantom(nacl, config) {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

  function base58(bytes) {
    const digits = [];
    for (const byte of bytes) {
      let carry = byte;
      for (let i = 0; i < digits.length; i++) {
        carry += digits[i] << 8;
        digits[i] = carry % 58;
        carry = (carry / 58) | 0;
      }
      for (; carry > 0; carry = (carry / 58) | 0) digits.push(carry % 58);
    }
    let zeros = '';
    for (let i = 0; i < bytes.length && bytes[i] === 0; i++) zeros += '1';
    return (
      zeros +
      digits
        .reverse()
        .map((digit) => ALPHABET[digit])
        .join('')
    );
  }

  function base64(bytes) {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }

  const secretKey = new Uint8Array(config.secretKey);
  const publicKeyBytes = secretKey.slice(32);
  const address = base58(publicKeyBytes);
  // What wallet-adapter-phantom reads: toBytes(); the rest is what a page may call on it.
  const publicKey = Object.freeze({
    toBytes: () => publicKeyBytes.slice(),
    toBuffer: () => publicKeyBytes.slice(),
    toBase58: () => address,
    toString: () => address,
    toJSON: () => address,
    equals: (other) => Boolean(other) && String(typeof other.toBase58 === 'function' ? other.toBase58() : other) === address,
  });

  /** Switches and records for tests: window.__phantomTest.rejectSign = true, .calls, … */
  const test = {
    address,
    calls: [],
    rejectConnect: Boolean(config.rejectConnect),
    rejectSign: Boolean(config.rejectSign),
    /** Milliseconds the "user" takes to approve a signature, to observe progress states. */
    signDelayMs: Number(config.signDelayMs || 0),
    rpcUrl: config.rpcUrl || null,
    /** Base58 signatures of every transaction this wallet signed, in order. */
    signatures: [],
    /** The text of every message this wallet signed, in order. */
    messages: [],
  };

  const listeners = new Map();
  let connected = false;

  function emit(event, ...args) {
    for (const listener of [...(listeners.get(event) || [])]) {
      try {
        listener(...args);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function userRejected() {
    return Object.assign(new Error('User rejected the request.'), { code: 4001 });
  }

  function walletError(code, message) {
    return Object.assign(new Error(message), { code });
  }

  async function approveSigning() {
    if (!connected) throw walletError(4100, 'The requested method and/or account has not been authorized by the user.');
    if (test.signDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, test.signDelayMs));
    if (test.rejectSign) throw userRejected();
  }

  /** Copies first: tweetnacl insists on its own realm's Uint8Array, and a web3.js Buffer may not be one. */
  function sign(bytes) {
    return nacl.sign.detached(new Uint8Array(bytes), secretKey);
  }

  function signTransaction(tx) {
    if ('version' in tx) {
      const { header, staticAccountKeys } = tx.message;
      const signer = staticAccountKeys.slice(0, header.numRequiredSignatures).find((key) => key.toBase58() === address);
      if (!signer) throw walletError(-32603, `${address} is not a signer of this transaction`);
      tx.addSignature(signer, sign(tx.message.serialize()));
    } else {
      const message = tx.serializeMessage(); // compiles the message and lays out its signer slots
      const slot = tx.signatures.find((entry) => entry.publicKey.toBase58() === address);
      if (!slot) throw walletError(-32603, `${address} is not a signer of this transaction`);
      tx.addSignature(slot.publicKey, sign(message));
    }
    const signature = base58('version' in tx ? tx.signatures[0] : tx.signature);
    test.signatures.push(signature);
    return tx;
  }

  async function send(tx, options) {
    if (!test.rpcUrl) throw walletError(-32603, 'The Phantom stand-in needs an rpcUrl to send transactions');
    const response = await fetch(test.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [
          base64(tx.serialize()),
          {
            encoding: 'base64',
            skipPreflight: Boolean(options && options.skipPreflight),
            preflightCommitment: (options && options.preflightCommitment) || 'confirmed',
          },
        ],
      }),
    });
    if (!response.ok) throw walletError(-32603, `RPC answered ${response.status}`);
    const body = await response.json();
    if (body.error) throw walletError(-32603, body.error.message);
    return body.result;
  }

  function record(method) {
    test.calls.push(method);
  }

  const provider = {
    isPhantom: true,
    get isConnected() {
      return connected;
    },
    get publicKey() {
      return connected ? publicKey : null;
    },
    async connect(options) {
      record('connect');
      if (test.rejectConnect || (options && options.onlyIfTrusted && !connected)) throw userRejected();
      connected = true;
      emit('connect', publicKey);
      return { publicKey };
    },
    async disconnect() {
      record('disconnect');
      connected = false;
      emit('disconnect');
    },
    async signTransaction(tx) {
      record('signTransaction');
      await approveSigning();
      return signTransaction(tx);
    },
    async signAllTransactions(txs) {
      record('signAllTransactions');
      await approveSigning();
      return txs.map(signTransaction);
    },
    async signAndSendTransaction(tx, options) {
      record('signAndSendTransaction');
      await approveSigning();
      const signature = await send(signTransaction(tx), options);
      return { signature, publicKey: address };
    },
    async signMessage(message) {
      record('signMessage');
      await approveSigning();
      // Byte by byte: the messages signed here are ASCII, and this also runs where TextDecoder does not exist.
      test.messages.push(Array.from(message, (byte) => String.fromCharCode(byte)).join(''));
      return { signature: sign(message), publicKey };
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return provider;
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    removeListener(event, listener) {
      return provider.off(event, listener);
    },
    removeAllListeners(event) {
      if (event) listeners.delete(event);
      else listeners.clear();
      return provider;
    },
  };

  /** Lets a test play the wallet's side: the user disconnecting or switching accounts in Phantom. */
  test.disconnect = () => {
    connected = false;
    emit('disconnect');
  };
  test.emit = emit;
  test.provider = provider;

  if (config.standard) {
    registerStandardWallet({ address, publicKeyBytes, sign, approveSigning, connect: () => provider.connect(), test, base58 });
  }

  window.__phantomTest = test;
  // wallet-adapter-phantom requires both the flag and one of the two provider locations.
  window.isPhantomInstalled = true;
  window.phantom = Object.assign(window.phantom || {}, { solana: provider });
  window.solana = provider;
}
