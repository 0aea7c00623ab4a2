/**
 * Today's Phantom also registers itself as a Wallet Standard wallet named "Phantom", and
 * wallet-adapter-react then prefers it to the injected provider: connect, transactions as bytes,
 * and Sign In With Solana (`solana:signIn`). This is that wallet, for the stand-in's key, added when
 * the test asks for `standard: true`. Plain JavaScript for the same reason as provider.js.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the generated init script
function registerStandardWallet(kit) {
  const { address, publicKeyBytes, sign, approveSigning, connect, test } = kit;
  const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'];
  const ICON =
    'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#ab9ff2"/></svg>');
  const account = Object.freeze({
    address,
    publicKey: publicKeyBytes.slice(),
    chains: CHAINS,
    features: ['solana:signTransaction', 'solana:signMessage', 'solana:signIn'],
  });
  const changeListeners = new Set();
  let accounts = [];

  function setAccounts(next) {
    accounts = next;
    for (const listener of [...changeListeners]) listener({ accounts });
  }

  function compactU16(bytes, offset) {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = bytes[offset + i];
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return { value, size: i + 1 };
    }
    return { value, size: 3 };
  }

  /** Signs a serialized transaction (legacy or v0) in its slot for this key. */
  function signTransactionBytes(input) {
    const bytes = new Uint8Array(input);
    const signatures = compactU16(bytes, 0);
    const messageStart = signatures.size + 64 * signatures.value;
    const message = bytes.slice(messageStart);
    const header = message[0] & 0x80 ? 1 : 0;
    const required = message[header];
    const keys = compactU16(message, header + 3);
    const keysStart = header + 3 + keys.size;
    for (let i = 0; i < required; i++) {
      const key = message.slice(keysStart + 32 * i, keysStart + 32 * (i + 1));
      if (key.every((byte, j) => byte === publicKeyBytes[j])) {
        const signature = sign(message);
        bytes.set(signature, signatures.size + 64 * i);
        test.signatures.push(kit.base58(signature));
        return bytes;
      }
    }
    throw Object.assign(new Error(`${address} is not a signer of this transaction`), { code: -32603 });
  }

  /** The Sign In With Solana text, as the standard lays it out; domain and address default to this page and key. */
  function signInText(input) {
    let text = `${input.domain || window.location.host} wants you to sign in with your Solana account:\n${input.address || address}`;
    if (input.statement) text += `\n\n${input.statement}`;
    const fields = [
      ['URI', input.uri],
      ['Version', input.version],
      ['Chain ID', input.chainId],
      ['Nonce', input.nonce],
      ['Issued At', input.issuedAt],
      ['Expiration Time', input.expirationTime],
      ['Not Before', input.notBefore],
      ['Request ID', input.requestId],
    ]
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}: ${value}`);
    if (input.resources && input.resources.length > 0) fields.push(['Resources:', ...input.resources.map((r) => `- ${r}`)].join('\n'));
    if (fields.length > 0) text += `\n\n${fields.join('\n')}`;
    return text;
  }

  const encode = (text) => Uint8Array.from(text, (char) => char.charCodeAt(0));

  const wallet = {
    version: '1.0.0',
    name: 'Phantom',
    icon: ICON,
    chains: CHAINS,
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect() {
          test.calls.push('standard:connect');
          await connect();
          setAccounts([account]);
          return { accounts };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          test.calls.push('standard:disconnect');
          setAccounts([]);
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event, listener) {
          if (event !== 'change') return () => {};
          changeListeners.add(listener);
          return () => changeListeners.delete(listener);
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs) {
          test.calls.push('solana:signTransaction');
          await approveSigning();
          return inputs.map((input) => ({ signedTransaction: signTransactionBytes(input.transaction) }));
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs) {
          test.calls.push('solana:signMessage');
          await approveSigning();
          return inputs.map((input) => {
            test.messages.push(Array.from(input.message, (byte) => String.fromCharCode(byte)).join(''));
            return { signedMessage: input.message, signature: sign(input.message) };
          });
        },
      },
      'solana:signIn': {
        version: '1.0.0',
        async signIn(...inputs) {
          test.calls.push('solana:signIn');
          if (accounts.length === 0) await wallet.features['standard:connect'].connect();
          await approveSigning();
          return inputs.map((input) => {
            const text = signInText(input);
            test.messages.push(text);
            const signedMessage = encode(text);
            return { account, signedMessage, signature: sign(signedMessage), signatureType: 'ed25519' };
          });
        },
      },
    },
  };

  const register = (api) => api.register(wallet);
  window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail));
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
}
