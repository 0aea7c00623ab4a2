import { IntentLink } from '@/components/ui/IntentLink';
import Script from 'next/script';
import { publicEnv } from '@/lib/env/public';
import styles from './guides.module.css';

/** The embedded voice assistant, or a plain notice when no agent is configured (never a broken widget). */
export function VoiceAssistant() {
  const { voiceAgentId, voiceWidgetSrc } = publicEnv;
  if (!voiceAgentId) {
    return (
      <p className={styles.notice} role="note">
        The voice assistant is not configured yet. In the meantime, reach us through the <IntentLink href="/contact">contact page</IntentLink>.
      </p>
    );
  }
  return (
    <div className={styles.widget}>
      <p className={styles.widgetHint}>Press the assistant button to start talking. Your browser will ask for microphone access.</p>
      <elevenlabs-convai agent-id={voiceAgentId} />
      <Script src={voiceWidgetSrc} strategy="afterInteractive" />
    </div>
  );
}
