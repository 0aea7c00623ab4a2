import { optional } from '../env/public';

/**
 * The Firebase web app's public config, inlined at build time. Apart from lib/env/public (which every
 * page ships) so that an unconfigured site carries not even these few lines in its first load.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  appId: string;
  measurementId: string;
}

type FirebaseSettings = Partial<
  Record<'NEXT_PUBLIC_FIREBASE_API_KEY' | 'NEXT_PUBLIC_FIREBASE_PROJECT_ID' | 'NEXT_PUBLIC_FIREBASE_APP_ID' | 'NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID', string>
>;

/** The one rule for "field insight is configured": all four settings, or nothing at all. */
export function firebaseWebConfigFrom(settings: FirebaseSettings): FirebaseWebConfig | undefined {
  const apiKey = optional(settings.NEXT_PUBLIC_FIREBASE_API_KEY);
  const projectId = optional(settings.NEXT_PUBLIC_FIREBASE_PROJECT_ID);
  const appId = optional(settings.NEXT_PUBLIC_FIREBASE_APP_ID);
  const measurementId = optional(settings.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID);
  return apiKey && projectId && appId && measurementId ? { apiKey, projectId, appId, measurementId } : undefined;
}

// Each process.env.NEXT_PUBLIC_* written out literally: that is what Next inlines into the bundle.
export const firebaseWebConfig = firebaseWebConfigFrom({
  NEXT_PUBLIC_FIREBASE_API_KEY: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
  NEXT_PUBLIC_FIREBASE_APP_ID: process.env.NEXT_PUBLIC_FIREBASE_APP_ID,
  NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: process.env.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID,
});
/** NEXT_PUBLIC_ANALYTICS_CONSENT=required: nothing is recorded before the visitor agrees. */
export const consentRequired = process.env.NEXT_PUBLIC_ANALYTICS_CONSENT === 'required';
