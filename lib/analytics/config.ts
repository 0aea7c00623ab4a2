/**
 * The Firebase web app's public config, inlined at build time. Apart from lib/public-env (which every
 * page ships) so that an unconfigured site carries not even these few lines in its first load.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  appId: string;
  measurementId: string;
}

const optional = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

function readConfig(): FirebaseWebConfig | undefined {
  const apiKey = optional(process.env.NEXT_PUBLIC_FIREBASE_API_KEY);
  const projectId = optional(process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID);
  const appId = optional(process.env.NEXT_PUBLIC_FIREBASE_APP_ID);
  const measurementId = optional(process.env.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID);
  return apiKey && projectId && appId && measurementId ? { apiKey, projectId, appId, measurementId } : undefined;
}

/** Field insight runs only when all four are set. */
export const firebaseWebConfig = readConfig();
/** NEXT_PUBLIC_ANALYTICS_CONSENT=required: nothing is recorded before the visitor agrees. */
export const consentRequired = process.env.NEXT_PUBLIC_ANALYTICS_CONSENT === 'required';
