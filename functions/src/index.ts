/**
 * The catalog's Firestore trigger (Cloud Functions for Firebase, 2nd gen): each write to a catalog document, made in
 * the console, by a script or by the site itself, is handed to the site as "this document changed", so the site
 * indexes that title and expires exactly its pages, lists, sitemaps and search (POST /api/catalog/changes). Deploy:
 * `firebase deploy --only functions` (docs/selling.md, "Deploying to Vercel").
 */
import { logger } from 'firebase-functions';
import { defineSecret, defineString } from 'firebase-functions/params';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { CATALOG_DOCUMENT_PATTERNS, forwardChange } from './forward';

const SITE_URL = defineString('SITE_URL', { description: 'The site to tell of catalog edits, e.g. https://solenema.example' });
const CATALOG_EVENTS_SECRET = defineSecret('CATALOG_EVENTS_SECRET');

const functionName = (pattern: string) =>
  pattern
    .split('/')
    .filter((segment) => !segment.startsWith('{'))
    .map((segment, index) => (index === 0 ? segment : segment[0]!.toUpperCase() + segment.slice(1)))
    .join('');

/** One function a document shape, deployed as a group: `catalogWritten-series`, `catalogWritten-seriesSeasonsEpisodes`, … */
export const catalogWritten = Object.fromEntries(
  CATALOG_DOCUMENT_PATTERNS.map((document) => [
    functionName(document),
    onDocumentWritten({ document, secrets: [CATALOG_EVENTS_SECRET], retry: true }, async (event) => {
      const refused = await forwardChange(SITE_URL.value(), CATALOG_EVENTS_SECRET.value(), event.document);
      if (refused) logger.error(`the site refused ${event.document} (${refused}): check SITE_URL and CATALOG_EVENTS_SECRET on both sides`);
    }),
  ]),
);
