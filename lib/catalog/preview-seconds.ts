import { z } from 'zod';

/**
 * `previewSeconds`, optional on a locked movie or episode: how much of it anyone may play free, from its packaged
 * ladder's first segments (lib/media/preview-playlists.ts). A number in the Firebase console; a value the site
 * cannot use is no preview (the title stays, locked as before), and `npm run catalog:check` says why.
 */
const MAX_PREVIEW_SECONDS = 1800;

const seconds = (value: unknown): unknown => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

/** Why a `previewSeconds` value is no preview length, or null when it is one (or absent). */
export function previewSecondsProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const number = seconds(value);
  if (typeof number !== 'number') return `previewSeconds: ${JSON.stringify(value)} is not a number of seconds: give one, such as 120`;
  if (!Number.isFinite(number) || number <= 0)
    return `previewSeconds: ${number} is no length: give the seconds that play free, such as 120, or remove the field`;
  if (number > MAX_PREVIEW_SECONDS) return `previewSeconds: ${number} is longer than a preview may be (${MAX_PREVIEW_SECONDS} s)`;
  return null;
}

/** The field as the site reads it: the seconds, or undefined where there is none or it is unusable. */
export const previewSecondsField = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined || previewSecondsProblem(value) ? undefined : (seconds(value) as number)));
