import 'server-only';
import { applicationDefault, cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Env } from './env/schema';

/** True when the environment points at a Firestore (emulator or real project). */
export function firestoreConfigured(env: Env): boolean {
  return Boolean(
    env.FIRESTORE_EMULATOR_HOST ||
      (env.FIREBASE_PROJECT_ID && env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY) ||
      env.GOOGLE_APPLICATION_CREDENTIALS,
  );
}

function credentialFor(env: Env) {
  if (env.FIRESTORE_EMULATOR_HOST) return undefined;
  if (env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY) {
    return cert({ projectId: env.FIREBASE_PROJECT_ID, clientEmail: env.FIREBASE_CLIENT_EMAIL, privateKey: env.FIREBASE_PRIVATE_KEY });
  }
  return applicationDefault();
}

/** Which backend serves content: forced by CATALOG, else Firestore when configured, else the embedded catalog. */
export function chooseBackend(env: Env): 'local' | 'firestore' {
  return env.CATALOG ?? (firestoreConfigured(env) ? 'firestore' : 'local');
}

/** One firebase-admin app per process, reused across hot reloads and route handlers. */
export function firestore(env: Env): Firestore {
  const credential = credentialFor(env);
  const app: App =
    getApps()[0] ?? initializeApp({ projectId: env.FIREBASE_PROJECT_ID ?? 'solenema-dev', ...(credential && { credential }) });
  return getFirestore(app);
}
