import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { E2E_PROJECT_ID } from './ports';

const APP_NAME = 'e2e-site';

/**
 * The e2e site's Firestore (project E2E_PROJECT_ID), for specs that write to it directly. Its app is found by
 * name: a worker can also hold another spec's app (hand-written-catalog.spec.ts's, on a project of its own), and
 * taking whichever app came first once wrote a buyer's grant where the site never looks.
 */
export const siteFirestore = () => getFirestore(getApps().find((app) => app.name === APP_NAME) ?? initializeApp({ projectId: E2E_PROJECT_ID }, APP_NAME));
