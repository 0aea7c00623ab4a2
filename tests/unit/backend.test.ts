import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env/schema';
import { chooseBackend } from '@/lib/firebase-admin-app';

const backendFor = (vars: Record<string, string>) => chooseBackend(parseEnv(vars));

describe('chooseBackend', () => {
  it('serves the embedded catalog on a fresh clone with nothing configured', () => {
    expect(backendFor({})).toBe('local');
    expect(backendFor({ FIREBASE_PROJECT_ID: 'only-a-project-id' })).toBe('local');
  });

  it('reads Firestore when an emulator or credentials are configured', () => {
    expect(backendFor({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toBe('firestore');
    expect(backendFor({ FIREBASE_PROJECT_ID: 'p', FIREBASE_CLIENT_EMAIL: 'a@p.iam.gserviceaccount.com', FIREBASE_PRIVATE_KEY: 'k' })).toBe('firestore');
    expect(backendFor({ GOOGLE_APPLICATION_CREDENTIALS: '/key.json' })).toBe('firestore');
  });

  it('lets CATALOG force either one', () => {
    expect(backendFor({ CATALOG: 'local', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toBe('local');
    expect(backendFor({ CATALOG: 'firestore' })).toBe('firestore');
  });
});
