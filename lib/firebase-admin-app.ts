import 'server-only';
import { applicationDefault, cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Env } from './env/schema';

export { chooseBackend, firestoreConfigured } from './env/schema';

function credentialFor(env: Env) {
  if (env.FIRESTORE_EMULATOR_HOST) return undefined;
  if (env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY) {
    return cert({ projectId: env.FIREBASE_PROJECT_ID, clientEmail: env.FIREBASE_CLIENT_EMAIL, privateKey: env.FIREBASE_PRIVATE_KEY });
  }
  return applicationDefault();
}

/** One firebase-admin app per process, reused across hot reloads and route handlers. */
export function firebaseApp(env: Env): App {
  const credential = credentialFor(env);
  return getApps()[0] ?? initializeApp({ projectId: env.FIREBASE_PROJECT_ID ?? 'solenema-dev', ...(credential && { credential }) });
}

export function firestore(env: Env): Firestore {
  return getFirestore(firebaseApp(env));
}
