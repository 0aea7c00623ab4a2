/**
 * The renditions media:package makes of a source, and the ffmpeg arguments that make them in one pass.
 * Heights follow the usual streaming ladder; bitrates are ceilings (x264 at a constant quality, capped),
 * so a simple picture costs what it needs and a busy one no more than its network class carries.
 */

export interface Rendition {
  height: number;
  /** Video ceiling, kbit/s. */
  maxrate: number;
  /** Audio, kbit/s. */
  audio: number;
}

const LADDER: readonly Rendition[] = [
  { height: 240, maxrate: 400, audio: 64 },
  { height: 360, maxrate: 800, audio: 96 },
  { height: 540, maxrate: 1600, audio: 128 },
  { height: 720, maxrate: 3000, audio: 128 },
  { height: 1080, maxrate: 5500, audio: 160 },
];

/**
 * Seconds a segment lasts: short enough to switch quickly and start fast on a slow link. A first frame waits for a
 * whole first segment of the lowest rung: 2 s of 240p is 50-100 KB (its 400 kbit/s ceiling and 64 kbit/s of sound),
 * 0.25-0.5 s at a phone's 1.6 Mbit/s, where 4 s took 0.6-1.2 s (issue 44). A fast connection measured on that first
 * segment plays its top rung from the second segment, at 2 s, where 4 s segments reached it at 4 s.
 */
export const SEGMENT_SECONDS = 2;

/**
 * The ladder up to the source's height (or `maxHeight`): every rung at or below it, and the source's own
 * height on top when it is well above the last rung (a 270p clip gets 240p and 270p, never an upscale).
 */
export function ladderFor(sourceHeight: number, maxHeight = Infinity): Rendition[] {
  const top = Math.min(sourceHeight, maxHeight);
  const rungs = LADDER.filter((rung) => rung.height <= top);
  const last = rungs.at(-1);
  if (!last) return [{ ...LADDER[0]!, height: evenBelow(top) }];
  if (top > last.height * 1.1) rungs.push({ ...last, height: evenBelow(top) });
  return rungs;
}

const evenBelow = (n: number) => Math.floor(n / 2) * 2;

export const renditionName = (rendition: Rendition) => `${rendition.height}p`;

export interface EncodeOptions {
  source: string;
  folder: string;
  renditions: Rendition[];
  hasAudio: boolean;
  /** x264 constant quality; the rung's maxrate caps it. */
  crf: number;
}

/** One ffmpeg run: the source split and scaled per rendition, SEGMENT_SECONDS segments in the clear, one master playlist. */
export function ffmpegArguments({ source, folder, renditions, hasAudio, crf }: EncodeOptions): string[] {
  const split = `[0:v]split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}:flags=bicubic,format=yuv420p[v${i}]`);
  const perRendition = renditions.flatMap((r, i) => [
    '-map',
    `[v${i}]`,
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    `-c:v:${i}`,
    'libx264',
    `-crf:v:${i}`,
    String(crf),
    `-maxrate:v:${i}`,
    `${r.maxrate}k`,
    `-bufsize:v:${i}`,
    `${r.maxrate * 2}k`,
    ...(hasAudio ? [`-b:a:${i}`, `${r.audio}k`] : []),
  ]);
  const streamMap = renditions.map((r, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${renditionName(r)}`).join(' ');
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', source],
    ...['-filter_complex', [split, ...scales].join(';')],
    ...perRendition,
    ...['-profile:v', 'main', '-preset', 'veryfast', '-sc_threshold', '0'],
    // MPEG-TS segments named .m2ts (video/mp2t too): `.ts` is TypeScript to every tool of this repository.
    // A keyframe every SEGMENT_SECONDS, so every segment starts one and renditions switch at the same instants.
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
    ...(hasAudio ? ['-c:a', 'aac', '-ac', '2'] : []),
    ...['-map_metadata', '-1', '-fflags', '+bitexact'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', `${folder}/%v_%03d.m2ts`, '-master_pl_name', 'master.m3u8', '-var_stream_map', streamMap],
    `${folder}/%v.m3u8`,
  ];
}
