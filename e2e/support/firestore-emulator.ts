import { createServer } from 'node:http';
import { createRequire } from 'node:module';

type GrpcError = { code: number; details: string };
type Call = { emit(event: 'error', error: GrpcError): void; request?: { documents?: unknown[] }; write?: (message: unknown, ...rest: unknown[]) => unknown };
type Handler = { type: string; func: (call: Call, callback?: (error: GrpcError) => void) => void };

interface EmulatorServer {
  start(port: number): Promise<void>;
  stop(): Promise<void>;
  state: { getCollection(path: string): object };
  /** The grpc-js Server the emulator registers its service on. */
  server: { handlers: Map<string, Handler> };
}

const UNAVAILABLE: GrpcError = { code: 14, details: 'Firestore is unreachable (a test outage)' };
const WRITES = /\/(Commit|BatchWrite|Write)$/;

/** What fails: nothing, every call, or only writes (reads still answer). */
export type Outage = 'none' | 'everything' | 'writes';
const outages: readonly Outage[] = ['none', 'everything', 'writes'];

/**
 * An outage switch: the calls it covers fail as an unreachable Firestore answers, with UNAVAILABLE,
 * which firebase-admin retries for minutes unless the site gives up first.
 */
function withOutageSwitch(server: EmulatorServer) {
  let outage: Outage = 'none';
  for (const [path, handler] of server.server.handlers) {
    const serve = handler.func;
    handler.func = (call, callback) => {
      if (outage === 'none' || (outage === 'writes' && !WRITES.test(path))) return serve(call, callback);
      if (handler.type === 'unary' || handler.type === 'clientStream') return callback?.(UNAVAILABLE);
      call.emit('error', UNAVAILABLE);
    };
  }
  return (next: Outage) => {
    outage = next;
  };
}

/**
 * Counts billable document reads as Firestore bills them: each document a query returns (an empty
 * answer still costs one) and each document a (batch) get asks for. Tests read it to hold pages and
 * searches to their bounds.
 */
function withReadCounter(server: EmulatorServer) {
  let reads = 0;
  for (const [path, handler] of server.server.handlers) {
    const serve = handler.func;
    if (/\/BatchGetDocuments$/.test(path)) {
      handler.func = (call, callback) => {
        reads += call.request?.documents?.length ?? 0;
        return serve(call, callback);
      };
    } else if (/\/RunQuery$/.test(path)) {
      handler.func = (call, callback) => {
        const write = call.write;
        let returned = 0;
        if (write) {
          call.write = (message, ...rest) => {
            if (typeof message === 'object' && message !== null && (message as { has_document?: boolean }).has_document) returned += 1;
            return write.call(call, message, ...rest);
          };
        }
        const result = serve(call, callback);
        reads += Math.max(returned, 1);
        return result;
      };
    }
  }
  return { count: () => reads };
}

type DocumentsOf = { documents: Record<string, unknown>; getDocument(this: DocumentsOf, id: string): unknown };

/**
 * Two fixes to how the emulator keeps a collection's documents (`documents`, a plain object it replaces
 * through Immer's `produce` on every lookup):
 * - It finds a document with `id in documents`, so an id naming an Object.prototype member (`constructor`,
 *   `valueOf`, …) finds the prototype's function and every request for it fails, where Firestore answers
 *   "not found": the documents live in a null-prototype object here.
 * - `produce` copies the whole object to add one document and freezes the result, so filling a collection
 *   of n documents costs O(n²) (a profile of writing the large generated catalog: 70% of the time in Immer's
 *   shallowCopy and the garbage collector; 16,000 search entries took minutes). Here a new document is made by
 *   the emulator's own code against an empty object, then added in place; lookups of existing ones read it.
 */
function keepDocumentsInPlace(server: EmulatorServer) {
  const proto = Object.getPrototypeOf(server.state.getCollection('projects/probe/databases/(default)/documents/probe')) as DocumentsOf;
  const getDocument = proto.getDocument;
  proto.getDocument = function (id) {
    if (Object.getPrototypeOf(this.documents) !== null || Object.isFrozen(this.documents)) {
      this.documents = Object.assign(Object.create(null) as Record<string, unknown>, this.documents);
    }
    const documents = this.documents;
    if (id in documents) return documents[id];
    this.documents = Object.create(null) as Record<string, unknown>;
    try {
      return (documents[id] = getDocument.call(this, id));
    } finally {
      this.documents = documents;
    }
  };
}

/**
 * An in-process Firestore emulator that firebase-admin reaches over FIRESTORE_EMULATOR_HOST.
 * Loaded with createRequire because the package is CommonJS-only and Vite would try to transform it.
 */
export async function startFirestoreEmulator(port: number) {
  // __filename works under Playwright (CommonJS), Vitest and tsx alike; import.meta does not.
  const require = createRequire(__filename);
  const { FirestoreServer } = require('@firestore-emulator/server') as { FirestoreServer: new () => EmulatorServer };
  const server = new FirestoreServer();
  keepDocumentsInPlace(server);
  const reads = withReadCounter(server);
  const setOutage = withOutageSwitch(server);
  await server.start(port);
  return { host: `127.0.0.1:${port}`, setOutage, reads, stop: () => server.stop() };
}

/** Lets tests in other processes switch outages (POST /everything, /writes or /none on `port`) and read the read count (GET /reads). */
export function serveOutageSwitch(setOutage: (outage: Outage) => void, port: number, reads?: { count(): number }) {
  const control = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/reads' && reads) return void response.writeHead(200).end(String(reads.count()));
    const outage = outages.find((o) => request.url === `/${o}`);
    if (request.method !== 'POST' || !outage) return void response.writeHead(404).end();
    setOutage(outage);
    response.writeHead(204).end();
  });
  control.listen(port, '127.0.0.1');
  return () => new Promise<void>((resolve) => control.close(() => resolve()));
}

/** For a spec: the billable document reads the shared emulator has answered so far. */
export async function firestoreReads(url: string): Promise<number> {
  const response = await fetch(`${url}/reads`);
  if (!response.ok) throw new Error(`Firestore read counter: ${response.status}`);
  return Number(await response.text());
}

/** For a spec: starts an outage of the shared emulator ('none' ends it). */
export async function setFirestoreOutage(url: string, outage: Outage) {
  const response = await fetch(`${url}/${outage}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Firestore outage switch: ${response.status}`);
}
