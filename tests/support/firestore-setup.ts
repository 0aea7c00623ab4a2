import type { TestProject } from 'vitest/node';
import { startFirestoreEmulator } from '../../e2e/support/firestore-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of Google's Firestore emulator, one for the whole run; each test file uses projects of its own. */
    firestoreHost: string;
  }
}

/** Vitest globalSetup of the integration tests: one emulator for the run, enforcing the shipped rules, stopped with it. */
export default async function startEmulatorForTheRun(project: TestProject) {
  const started = Date.now();
  const emulator = await startFirestoreEmulator({ rules: 'firestore.rules' });
  console.log(`Firestore emulator on ${emulator.host}, ready in ${Date.now() - started} ms`);
  project.provide('firestoreHost', emulator.host);
  return () => emulator.stop();
}
