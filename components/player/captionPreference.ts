import type { Subtitle } from '@/lib/catalog/types';

/** No captions: what the captions menu offers first, and what a viewer who never chose gets. */
export const CAPTIONS_OFF = 'off';

/** The viewer's last choice ('off' or a language tag), for every video on this site. */
const STORAGE_KEY = 'solenema:captions';

export function rememberedCaptions(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // Storage disabled (a privacy setting): nothing remembered.
  }
}

export function rememberCaptions(choice: string) {
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage disabled: the choice lasts as long as this video.
  }
}

const primaryLanguage = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * The track to show for a remembered choice: the same language, else the same primary language
 * (a viewer who picked pt-BR gets a pt track); off when this video has neither.
 */
export function captionsFor(subtitles: Subtitle[], remembered: string | null): string {
  if (!remembered || remembered === CAPTIONS_OFF) return CAPTIONS_OFF;
  const wanted = remembered.toLowerCase();
  const track =
    subtitles.find((subtitle) => subtitle.lang.toLowerCase() === wanted) ??
    subtitles.find((subtitle) => primaryLanguage(subtitle.lang) === primaryLanguage(wanted));
  return track?.lang ?? CAPTIONS_OFF;
}
