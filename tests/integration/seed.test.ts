import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { embeddedDocuments } from '@/lib/catalog/embedded';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
import { createLocalStore } from '@/lib/catalog/local';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { emulatorHost, testFirestore } from '../support/firestore';

const sh = promisify(exec);
const PROJECT = 'demo-seed';
const env = () => ({
  ...process.env,
  FIRESTORE_EMULATOR_HOST: emulatorHost(),
  FIREBASE_PROJECT_ID: PROJECT,
  METADATA_SERVER_DETECTION: 'none',
  NEXT_PUBLIC_SITE_URL: '',
});

it('npm run seed copies the embedded catalog (with sort keys and search entries) into Firestore, and a second run writes nothing', async () => {
  const documents = embeddedDocuments();
  const stored = documentsToWrite(documents);
  const { db, close } = await testFirestore(PROJECT);
  const first = await sh('npm run seed --silent', { env: env() });
  expect(first.stdout).toContain(`seed: ${stored.length} written, 0 unchanged`);
  expect(first.stdout).toContain('wrote series/');
  expect(first.stdout).toContain('wrote searchEntries/');
  // Without a site to tell, the operator hears how to have it refreshed at once.
  expect(first.stdout).toContain('revalidate: skipped (set NEXT_PUBLIC_SITE_URL and REVALIDATE_SECRET');
  // The operator learns where paid videos live, and which locked ones are not protected.
  expect(first.stdout).toMatch(/seed: paid media: \d+ locked videos are private:… files/);
  expect(first.stdout).toContain('NOT protected');
  expect(first.stdout).toContain('trailers/orbit-of-wolves: https://vimeo.com/');
  // …and which titles carry subtitles, by the site's own rules.
  expect(first.stdout).toContain('seed: subtitles: 4 free titles carry 6 WebVTT tracks (en, pt)');
  expect(first.stdout).not.toMatch(/broken and skipped|does not offer|not in public/);

  const second = await sh('npm run seed --silent', { env: env() });
  expect(second.stdout).toContain(`seed: 0 written, ${stored.length} unchanged`);

  const seasons = documents.find((d) => d.path.includes('/seasons/'))!;
  expect((await db.doc(seasons.path).get()).data()).toEqual(seasons.data);
  expect((await db.collection('trailers').get()).size).toBe(documents.filter((d) => d.path.startsWith('trailers/')).length);
  // Subtitles make the trip: the site reads the same tracks from Firestore as from the embedded catalog.
  const quiet = { warn: () => {} };
  const fromFirestore = createCatalog(createFirestoreStore(db, 5_000), quiet);
  const fromEmbedded = createCatalog(createLocalStore(), quiet);
  const afterglow = await fromFirestore.getMovie('trailers', 'afterglow-protocol');
  expect(afterglow).toMatchObject({
    subtitles: [
      { lang: 'en', src: '/media/captions/afterglow-protocol.en.vtt' },
      { lang: 'pt', label: 'Português' },
    ],
  });
  expect({ ...afterglow, updatedAt: undefined }).toEqual(await fromEmbedded.getMovie('trailers', 'afterglow-protocol'));
  const film = await fromFirestore.getShortFilm('the-moth-collector');
  expect(film?.episodes.items[0]).toMatchObject({ subtitles: [{ lang: 'en', src: '/media/captions/the-moth-collector.en.vtt' }] });
  await close();
}, 60_000);

it('refuses to run with no Firestore configured, saying what to set', async () => {
  const bare = { ...process.env, FIRESTORE_EMULATOR_HOST: '', FIREBASE_PROJECT_ID: '', GOOGLE_APPLICATION_CREDENTIALS: '' };
  await expect(sh('npm run seed --silent', { env: bare })).rejects.toMatchObject({ stderr: expect.stringContaining('FIRESTORE_EMULATOR_HOST') });
}, 30_000);
