import 'server-only';
import { applicationDefault, cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { firestoreConfigured, type Env } from './env/schema';

export { firestoreConfigured } from './env/schema';

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
export function firebaseApp(env: Env): App {
  const credential = credentialFor(env);
  return getApps()[0] ?? initializeApp({ projectId: env.FIREBASE_PROJECT_ID ?? 'solenema-dev', ...(credential && { credential }) });
}

export function firestore(env: Env): Firestore {
  return getFirestore(firebaseApp(env));
}
