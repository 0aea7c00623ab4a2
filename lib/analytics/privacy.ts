/** Global Privacy Control or Do Not Track: either one, and nothing is loaded or sent. */
export function visitorOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = nav.doNotTrack ?? (window as Window & { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack;
  return nav.globalPrivacyControl === true || dnt === '1' || dnt === 'yes';
}

const CONSENT_KEY = 'solenema:analytics-consent';
export type Consent = 'granted' | 'denied';

function storedConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let answeredHere: Consent | null = null;

/** For useSyncExternalStore: the stored answer, or the one given on this page when storage is disabled. */
export const consentSnapshot = () => storedConsent() ?? answeredHere ?? 'unanswered';
export function subscribeConsent(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function storeConsent(consent: Consent) {
  answeredHere = consent;
  try {
    localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // Storage disabled: the answer holds for this page only.
  }
  for (const listener of listeners) listener();
}
