import { createRequire } from 'node:module';

interface EmulatorServer {
  start(port: number): Promise<void>;
  stop(): Promise<void>;
  state: { getCollection(path: string): object };
}

type DocumentsOf = { documents: object; getDocument(this: DocumentsOf, id: string): unknown };

/**
 * The emulator finds a document with `id in documents` on a plain object, so an id that names an
 * Object.prototype member (`constructor`, `valueOf`, …) finds the prototype's function and every
 * request for it fails (`Cannot read properties of undefined (reading 'hasExist')`), where
 * Firestore answers "not found". Its collections keep their documents in null-prototype objects here.
 */
function keyDocumentsSafely(server: EmulatorServer) {
  const proto = Object.getPrototypeOf(server.state.getCollection('projects/probe/databases/(default)/documents/probe')) as DocumentsOf;
  const getDocument = proto.getDocument;
  proto.getDocument = function (id) {
    if (Object.getPrototypeOf(this.documents) !== null) this.documents = Object.assign(Object.create(null) as object, this.documents);
    return getDocument.call(this, id);
  };
}

/**
 * An in-process Firestore emulator that firebase-admin reaches over FIRESTORE_EMULATOR_HOST.
 * Loaded with createRequire because the package is CommonJS-only and Vite would try to transform it.
 */
export async function startFirestoreEmulator(port: number): Promise<{ host: string; stop: () => Promise<void> }> {
  // __filename works under Playwright (CommonJS), Vitest and tsx alike; import.meta does not.
  const require = createRequire(__filename);
  const { FirestoreServer } = require('@firestore-emulator/server') as { FirestoreServer: new () => EmulatorServer };
  const server = new FirestoreServer();
  keyDocumentsSafely(server);
  await server.start(port);
  return { host: `127.0.0.1:${port}`, stop: () => server.stop() };
}
