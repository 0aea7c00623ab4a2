/**
 * The defaults both sides read, written once: lib/env/schema.ts fills them in for the server, and
 * lib/env/public.ts for the browser. Plain strings with no imports, so the browser's bundle gets
 * these few lines and not zod.
 */

/** Solana's public devnet RPC, for SOLANA_RPC_URL and NEXT_PUBLIC_SOLANA_RPC_URL alike. */
export const DEFAULT_SOLANA_RPC_URL = 'https://api.devnet.solana.com';
/** The ElevenLabs voice widget script the AI agent page loads (NEXT_PUBLIC_VOICE_WIDGET_SRC). */
export const DEFAULT_VOICE_WIDGET_SRC = 'https://elevenlabs.io/convai-widget/index.js';
/** Where the Companion App links go (NEXT_PUBLIC_COMPANION_APP_URL). */
export const DEFAULT_COMPANION_APP_URL = 'https://phantom.com/download';
