import 'server-only';
import { getVideo } from '../../catalog';
import { env } from '../../env/server';
import { refuse, type Refusal } from '../../errors';
import { describeFailure } from '../../failure';
import type { Reply } from '../../http/reply';
import { masterForOwner, streamFileKind } from '../../media/hls-playlists';
import { previewRendition } from '../../media/preview-playlists';
import { decryptSegment } from '../../media/segment-cipher';
import { videoSource } from '../../media/source';
import { streamPlaylist, streamSegment } from '../../media/stream-files';
import { streamKeyOf } from './stream-keys';

/**
 * GET /api/preview/{video path}/{file}: a locked stream's free preview, to anyone. The master playlist as packaged, each
 * rendition cut to the preview (lib/media/preview-playlists.ts), and the cut's segments decrypted here: the stream's
 * one key never leaves the server, and a segment past the cut, the key or any other name answers 404. Nothing here
 * names the stream's public folder, so a visitor learns no address of a later segment either.
 */

/** What the preview is: free to all, so a shared cache may keep it a while (an edit of `previewSeconds` shows within it). */
const PREVIEW_HEADERS = { 'Cache-Control': 'public, max-age=300' };
const SEGMENT = /^(\d{3,4}p)_\d{3,5}\.m2ts$/;
const none = () => refuse('not_found', 'This title has no free preview, or not that far.');

export async function previewAnswer(videoPath: string, file: string): Promise<Reply | Refusal> {
  const video = await getVideo(videoPath);
  const source = video && videoSource(video.videourl);
  const seconds = video?.previewSeconds;
  if (seconds === undefined || source?.kind !== 'stream') return none();
  const segment = SEGMENT.exec(file);
  const kind = segment ? 'segment' : streamFileKind(file);
  if (kind === 'master') {
    const master = masterForOwner((await streamPlaylist(source.base, file)) ?? '');
    return master ? playlist(master) : none();
  }
  if (kind !== 'rendition' && kind !== 'segment') return none();
  const text = await streamPlaylist(source.base, segment ? `${segment[1]}.m3u8` : file);
  const cut = text && previewRendition(text, seconds);
  if (!cut) return none();
  if (kind === 'rendition') return playlist(cut.playlist);
  const sequence = cut.sequences.get(file);
  if (sequence === undefined) return none();
  const [key, bytes] = await Promise.all([streamKeyOf(env, source.id), streamSegment(source.base, file)]);
  if (!key || !bytes) {
    console.error(`[media] preview of ${videoPath}: ${key ? `${file} cannot be read` : `stream ${source.id} has no key`}`);
    return none();
  }
  try {
    const clear = decryptSegment(bytes, key, sequence);
    return { ok: true, kind: 'content', headers: { ...PREVIEW_HEADERS, 'Content-Type': 'video/mp2t' }, body: new Uint8Array(clear) };
  } catch (error) {
    console.error(`[media] preview of ${videoPath}: ${file} does not decrypt under its stream's key: ${describeFailure(error)}`);
    return none();
  }
}

const playlist = (body: string): Reply => ({
  ok: true,
  kind: 'content',
  headers: { ...PREVIEW_HEADERS, 'Content-Type': 'application/vnd.apple.mpegurl' },
  body,
});
