import { lockedRenditionProblem } from './hls-playlists';

/**
 * A locked stream's free preview (a title's `previewSeconds`): each rendition cut to its first segments whose
 * durations add up to no more than the preview. The cut is served in the clear by the preview route, which
 * decrypts those segments itself, so no key (the one key covers every segment) ever reaches a visitor who did
 * not pay, and no segment past the cut is named or answered. Pure: the route reads the files.
 */

/** A duration in a playlist is written to the microsecond: a sum of them may be off by float error. */
const TOLERANCE_SECONDS = 1e-3;

export interface PreviewCut {
  /** The rendition as the preview plays it: no key, the cut's segments (relative, under the preview route), an end. */
  playlist: string;
  /** Each segment of the cut by its name, with its media sequence number (its IV: scripts/media/package/encryption.ts). */
  sequences: Map<string, number>;
  /** How long the cut plays. */
  seconds: number;
}

/** A locked rendition cut to `seconds`; null when the stream is one the site refuses or not even its first segment fits. */
export function previewRendition(text: string, seconds: number): PreviewCut | null {
  if (lockedRenditionProblem(text)) return null;
  const first = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(text)?.[1] ?? 0);
  const kept: string[] = [];
  const sequences = new Map<string, number>();
  let total = 0;
  let duration = Number.NaN;
  // The tags of the next segment (its #EXTINF), kept only if the segment is.
  let pending: string[] = [];
  let header = true;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#EXT-X-KEY') || line === '#EXT-X-ENDLIST') continue;
    if (line.startsWith('#EXTINF:')) {
      header = false;
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    }
    if (line.startsWith('#')) {
      (header ? kept : pending).push(line);
      continue;
    }
    if (!(total + duration <= seconds + TOLERANCE_SECONDS)) break;
    total += duration;
    sequences.set(line, first + sequences.size);
    kept.push(...pending, line);
    pending = [];
  }
  if (sequences.size === 0) return null;
  return { playlist: [...kept, '#EXT-X-ENDLIST', ''].join('\n'), sequences, seconds: total };
}
