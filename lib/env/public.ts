import { DEFAULT_COMPANION_APP_URL, DEFAULT_SOLANA_RPC_URL, DEFAULT_VOICE_WIDGET_SRC } from './defaults';

/**
 * Settings the browser may read. Each `process.env.NEXT_PUBLIC_*` is written out literally so
 * Next.js inlines it at build time; client components import from here, never from lib/env/server.
 * An unset value falls back to the same default the server's schema gives it (lib/env/defaults.ts).
 */
/** A setting's value, or undefined when it is unset or blank. */
export const optional = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

export const publicEnv = {
  solanaRpcUrl: optional(process.env.NEXT_PUBLIC_SOLANA_RPC_URL) ?? DEFAULT_SOLANA_RPC_URL,
  companionAppUrl: optional(process.env.NEXT_PUBLIC_COMPANION_APP_URL) ?? DEFAULT_COMPANION_APP_URL,
  voiceWidgetSrc: optional(process.env.NEXT_PUBLIC_VOICE_WIDGET_SRC) ?? DEFAULT_VOICE_WIDGET_SRC,
  voiceAgentId: optional(process.env.NEXT_PUBLIC_VOICE_AGENT_ID),
  emailjs: {
    serviceId: optional(process.env.NEXT_PUBLIC_EMAILJS_SERVICE_ID),
    templateId: optional(process.env.NEXT_PUBLIC_EMAILJS_TEMPLATE_ID),
    publicKey: optional(process.env.NEXT_PUBLIC_EMAILJS_PUBLIC_KEY),
  },
} as const;
