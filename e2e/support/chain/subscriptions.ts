import { WebSocketServer, type WebSocket } from 'ws';
import { RpcError } from './errors';
import { answer, type Handler } from './jsonrpc';
import type { Ledger, RecordedTransaction } from './ledger';
import { fromStr } from './verify';

/** Subscriptions accepted (so a client does not retry them forever) but never notified here. */
const QUIET_SUBSCRIPTIONS = ['account', 'program', 'logs', 'slotsUpdates', 'vote', 'block'];

export interface SubscriptionServer {
  setDown(down: boolean): void;
  stop(): Promise<void>;
}

/**
 * The PubSub websocket web3.js opens on PORT+1. What matters is signatureSubscribe:
 * confirmTransaction only trusts a status once its subscription is acknowledged, so without
 * this socket a payment never confirms. Slot and root subscriptions tick once per transaction.
 */
export function startSubscriptionServer(ledger: Ledger, host: string, port: number): Promise<SubscriptionServer> {
  let down = false;
  // While the RPC is "down", handshakes are refused too (web3.js keeps retrying until it is up).
  const server = new WebSocketServer({ host, port, verifyClient: (_info, accept) => accept(!down, 503) });
  let nextId = 0;
  const connections = new Set<Connection>();

  server.on('connection', (socket) => {
    const connection = new Connection(socket, ledger, () => ++nextId);
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  const unsubscribe = ledger.onExecuted((record) => {
    for (const connection of connections) connection.executed(record);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () =>
      resolve({
        setDown: (value) => {
          down = value;
          if (down) for (const client of server.clients) client.terminate();
        },
        stop: () => {
          unsubscribe();
          for (const client of server.clients) client.terminate();
          return new Promise<void>((done) => server.close(() => done()));
        },
      }),
    );
  });
}

/** One client socket and its subscriptions. */
class Connection {
  private readonly signatures = new Map<number, string>();
  private readonly slots = new Set<number>();
  private readonly roots = new Set<number>();
  private readonly others = new Set<number>();

  constructor(
    private readonly socket: WebSocket,
    private readonly ledger: Ledger,
    private readonly newId: () => number,
  ) {
    const methods: Record<string, Handler> = {
      signatureSubscribe: (params) => this.subscribeSignature(params),
      signatureUnsubscribe: (params) => remove(this.signatures, params[0]),
      slotSubscribe: () => add(this.slots, this.newId()),
      slotUnsubscribe: (params) => remove(this.slots, params[0]),
      rootSubscribe: () => add(this.roots, this.newId()),
      rootUnsubscribe: (params) => remove(this.roots, params[0]),
    };
    for (const name of QUIET_SUBSCRIPTIONS) {
      methods[`${name}Subscribe`] = () => add(this.others, this.newId());
      methods[`${name}Unsubscribe`] = (params) => remove(this.others, params[0]);
    }
    socket.on('message', (data) => {
      const reply = answer(String(data), methods);
      if (reply !== undefined) send(socket, reply);
    });
  }

  executed(record: RecordedTransaction) {
    for (const [id, signature] of this.signatures) {
      if (signature === record.signature) this.notifySignature(id, record);
    }
    const { slot } = record;
    for (const id of this.slots) this.notify('slotNotification', id, { parent: slot - 1, slot, root: slot });
    for (const id of this.roots) this.notify('rootNotification', id, slot);
  }

  private subscribeSignature(params: unknown[]): number {
    const signature = params[0];
    if (typeof signature !== 'string') throw new RpcError(-32602, 'Invalid params: expected a signature');
    // agave rpc/src/rpc_pubsub.rs: `param::<Signature>(&signature_str, "signature")`.
    if (typeof fromStr(signature, 64) === 'string') throw new RpcError(-32602, 'Invalid Request: Invalid signature provided');
    const id = this.newId();
    this.signatures.set(id, signature);
    const record = this.ledger.get(signature);
    // Already executed: notify at once, but only after the subscription id has reached the
    // client (in a later message), or it would drop a notification for an id it does not know yet.
    if (record) setTimeout(() => this.signatures.has(id) && this.notifySignature(id, record), 20);
    return id;
  }

  /** A signature subscription ends with its one notification, as on a real node. */
  private notifySignature(id: number, record: RecordedTransaction) {
    this.signatures.delete(id);
    this.notify('signatureNotification', id, { context: { slot: record.slot }, value: { err: record.err } });
  }

  private notify(method: string, subscription: number, result: unknown) {
    send(this.socket, { jsonrpc: '2.0', method, params: { result, subscription } });
  }
}

function send(socket: WebSocket, message: unknown) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function add(set: Set<number>, id: number): number {
  set.add(id);
  return id;
}

function remove(collection: Set<number> | Map<number, unknown>, id: unknown): boolean {
  if (typeof id !== 'number' || !collection.has(id)) throw new RpcError(-32602, 'Invalid subscription id.');
  collection.delete(id);
  return true;
}
