import 'server-only';
import { env } from '../../env/server';
import { refuse, type Refusal } from '../../errors';
import type { Reply } from '../../http/reply';
import { lockedRenditionProblem, masterForOwner, renditionForOwner, streamFileKind } from '../../media/hls-playlists';
import { streamPlaylist } from '../../media/stream-files';
import type { VideoSource } from '../../media/source';
import { streamKeyOf } from './stream-keys';

/** Playlists under a playback link and the key: this browser's only, never kept by a cache or another site. */
const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'Cross-Origin-Resource-Policy': 'same-origin' };

/**
 * One file of a locked stream for a browser whose link and ownership were checked: its master playlist,
 * a rendition's playlist (segments at their public address, the key under this link) or the 16 key bytes.
 */
export async function streamAnswer(source: Extract<VideoSource, { kind: 'stream' }>, file: string): Promise<Reply | Refusal> {
  const kind = streamFileKind(file);
  if (!kind) return refuse('not_found', 'No such video.');
  if (kind === 'key') {
    const key = await streamKeyOf(env, source.id);
    if (!key) {
      console.error(`[media] stream ${source.id} has no key in the ledger: package the title again (npm run media:package)`);
      return refuse('not_found', 'This video cannot be played just now.');
    }
    return { ok: true, kind: 'content', headers: { ...PRIVATE_HEADERS, 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(key) };
  }
  const text = await streamPlaylist(source.base, file);
  const served = text && (kind === 'master' ? masterForOwner(text) : renditionForOwner(text, source.base));
  if (!served) {
    const why = kind === 'rendition' && text ? lockedRenditionProblem(text) : 'not an encrypted stream as media:package writes it';
    if (text) console.error(`[media] ${source.base}/${file}: ${why}: refused`);
    return refuse('not_found', 'No such video.');
  }
  return { ok: true, kind: 'content', headers: { ...PRIVATE_HEADERS, 'Content-Type': 'application/vnd.apple.mpegurl' }, body: served };
}
