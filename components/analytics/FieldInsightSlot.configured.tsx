import { consentRequired, firebaseWebConfig } from '@/lib/analytics/config';
import { FieldInsight } from './FieldInsight';

/** Field insight is on (next.config.ts chose this file at build time because the config is set). */
export function FieldInsightSlot() {
  return firebaseWebConfig ? <FieldInsight config={firebaseWebConfig} consentRequired={consentRequired} /> : null;
}
