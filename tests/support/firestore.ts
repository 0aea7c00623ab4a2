import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { inject } from 'vitest';
import { clearFirestore } from '@/e2e/support/firestore-emulator';

export interface TestFirestore {
  db: Firestore;
  projectId: string;
  close: () => Promise<void>;
}

/** The run's emulator (tests/support/firestore-setup.ts), also for child processes such as `npm run seed`. */
export function emulatorHost(): string {
  const host = inject('firestoreHost');
  process.env.FIRESTORE_EMULATOR_HOST = host;
  process.env.METADATA_SERVER_DETECTION = 'none';
  return host;
}

/** Deletes every document of `projectId` in the run's emulator. */
export const emptyProject = (projectId: string) => clearFirestore(emulatorHost(), projectId);

let apps = 0;

/**
 * firebase-admin on an emptied emulator project of its own, so test files run side by side. `host` reaches the
 * same emulator another way (an outage proxy in front of it); firebase-admin reads it when the client is made.
 */
export async function testFirestore(projectId: string, host = emulatorHost()): Promise<TestFirestore> {
  await emptyProject(projectId);
  process.env.FIRESTORE_EMULATOR_HOST = host;
  const app = initializeApp({ projectId }, `${projectId}-${(apps += 1)}`);
  const db = getFirestore(app);
  // What the file creates next talks to the emulator itself again.
  process.env.FIRESTORE_EMULATOR_HOST = emulatorHost();
  return { db, projectId, close: () => deleteApp(app) };
}
