/**
 * The in-process Firestore emulator (@firestore-emulator/server) with a read counter.
 *
 * The site runs in another process, so reads are counted where they arrive: the emulator's gRPC
 * handlers. The package does not export its service class, so the counter wraps the handlers of the
 * service object as it is handed to grpc-js `Server#addService` (the public grpc-js API the emulator
 * calls in its constructor). Counting follows Firestore billing: one read per document returned by a
 * query (at least one per query), one per document asked of a (batch) get, one per listened change.
 */
import { createRequire } from 'node:module';

export interface ReadSnapshot {
  /** Billable document reads. */
  documents: number;
  /** Read RPCs: queries, (batch) gets, aggregations, listens. */
  rpcs: number;
  byMethod: Record<string, number>;
}

export interface ReadCounter {
  snapshot(): ReadSnapshot;
  reset(): void;
  /** When the last read arrived (ms since epoch), 0 if none since the last reset. */
  lastReadAt(): number;
}

export interface Emulator {
  host: string;
  reads: ReadCounter;
  stop(): Promise<void>;
}

interface EmulatorServer {
  start(port: number): Promise<void>;
  stop(): void;
}

interface GrpcServerPrototype {
  addService(service: Record<string, unknown>, implementation: Record<string, unknown>): void;
}

type Handler = (call: StreamCall, ...rest: unknown[]) => unknown;

interface StreamCall {
  request?: { documents?: unknown[] };
  write?: (message: unknown, ...rest: unknown[]) => unknown;
}

const hasFlag = (message: unknown, flag: string) =>
  typeof message === 'object' && message !== null && Boolean((message as Record<string, unknown>)[flag]);

function createCounter() {
  let documents = 0;
  let rpcs = 0;
  let last = 0;
  let byMethod: Record<string, number> = {};
  const counter: ReadCounter & { add(method: string, docs: number, rpc: boolean): void } = {
    add(method, docs, rpc) {
      documents += docs;
      if (rpc) {
        rpcs += 1;
        byMethod[method] = (byMethod[method] ?? 0) + 1;
      }
      last = Date.now();
    },
    snapshot: () => ({ documents, rpcs, byMethod: { ...byMethod } }),
    reset() {
      documents = 0;
      rpcs = 0;
      last = 0;
      byMethod = {};
    },
    lastReadAt: () => last,
  };
  return counter;
}

/** Wraps the read handlers of the emulator's service implementation, in place. */
function instrument(implementation: Record<string, unknown>, counter: ReturnType<typeof createCounter>) {
  const wrap = (method: string, around: (call: StreamCall, original: () => unknown) => unknown) => {
    const original = implementation[method];
    if (typeof original !== 'function') return;
    const handler = original as Handler;
    // An own property: grpc-js binds it to this same object, so the handler keeps its private state.
    implementation[method] = (call: StreamCall, ...rest: unknown[]) => around(call, () => handler.call(implementation, call, ...rest));
  };

  wrap('BatchGetDocuments', (call, original) => {
    counter.add('BatchGetDocuments', call.request?.documents?.length ?? 0, true);
    return original();
  });
  wrap('RunQuery', (call, original) => {
    let returned = 0;
    const write = call.write;
    if (write) {
      call.write = (message, ...rest) => {
        if (hasFlag(message, 'has_document')) {
          returned += 1;
          counter.add('RunQuery', 1, false);
        }
        return write.call(call, message, ...rest);
      };
    }
    const result = original();
    // An empty result is still billed one read.
    counter.add('RunQuery', returned === 0 ? 1 : 0, true);
    return result;
  });
  wrap('RunAggregationQuery', (call, original) => {
    counter.add('RunAggregationQuery', 1, true);
    return original();
  });
  wrap('Listen', (call, original) => {
    counter.add('Listen', 0, true);
    const write = call.write;
    if (write) {
      call.write = (message, ...rest) => {
        if (hasFlag(message, 'has_document_change')) counter.add('Listen', 1, false);
        return write.call(call, message, ...rest);
      };
    }
    return original();
  });
  for (const method of ['GetDocument', 'ListDocuments']) {
    // Not implemented by this emulator (firebase-admin does not use them); counted should that change.
    wrap(method, (_call, original) => {
      counter.add(method, 1, true);
      return original();
    });
  }
}

export async function startEmulator(port: number): Promise<Emulator> {
  const require = createRequire(import.meta.url);
  const emulatorEntry = require.resolve('@firestore-emulator/server');
  // The grpc-js copy the emulator itself loads, so the patched prototype is the one it uses.
  const grpc = createRequire(emulatorEntry)('@grpc/grpc-js') as { Server: { prototype: GrpcServerPrototype } };
  const { FirestoreServer } = require(emulatorEntry) as { FirestoreServer: new () => EmulatorServer };

  const counter = createCounter();
  const prototype = grpc.Server.prototype;
  const addService = prototype.addService;
  prototype.addService = function patched(this: GrpcServerPrototype, service, implementation) {
    instrument(implementation, counter);
    return addService.call(this, service, implementation);
  };
  let server: EmulatorServer;
  try {
    server = new FirestoreServer();
  } finally {
    prototype.addService = addService;
  }
  await server.start(port);
  return {
    host: `127.0.0.1:${port}`,
    reads: counter,
    async stop() {
      server.stop();
    },
  };
}
