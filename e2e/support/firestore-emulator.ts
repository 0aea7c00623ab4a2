import { createRequire } from 'node:module';

interface EmulatorServer {
  start(port: number): Promise<void>;
  stop(): Promise<void>;
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
  await server.start(port);
  return { host: `127.0.0.1:${port}`, stop: () => server.stop() };
}
