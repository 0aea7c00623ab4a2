import { afterAll, beforeAll, expect, it } from 'vitest';
import { emulatorHost, testFirestore, type TestFirestore } from '../support/firestore';

/**
 * firestore.rules, as Google's emulator enforces it (the run's emulator loads it): a client of Firestore's own
 * API, as a browser with the web SDK would be, reads and writes nothing, while the server's firebase-admin does.
 */
let firestore: TestFirestore;
beforeAll(async () => {
  firestore = await testFirestore('demo-rules');
  await firestore.db.doc('purchases/sig1').create({ wallet: 'w', path: 'trailers/a' });
  await firestore.db.doc('trailers/a').set({ title: 'A', locked: true, videourl: 'private:a.mp4' });
});
afterAll(() => firestore.close());

const documents = () => `http://${emulatorHost()}/v1/projects/${firestore.projectId}/databases/(default)/documents`;
const asClient = (path: string, init?: RequestInit) => fetch(`${documents()}/${path}`, { ...init, headers: { 'content-type': 'application/json' } });

it.each(['purchases/sig1', 'entitlements/b~x', 'checkouts/ref', 'restoreNonces/n', 'promoCodes/HALFOFF', 'codeUses/u', 'trailers/a', 'series/s/seasons/s1'])(
  'denies a client reading or writing %s',
  async (path) => {
    expect((await asClient(path)).status).toBe(403);
    const write = await asClient(path, { method: 'PATCH', body: JSON.stringify({ fields: { wallet: { stringValue: 'mine' } } }) });
    expect(write.status).toBe(403);
    expect((await asClient(path, { method: 'DELETE' })).status).toBe(403);
  },
);

it('denies a client listing a collection, and lets the server read what it wrote', async () => {
  expect((await asClient('purchases')).status).toBe(403);
  expect((await firestore.db.doc('purchases/sig1').get()).get('wallet')).toBe('w');
});
