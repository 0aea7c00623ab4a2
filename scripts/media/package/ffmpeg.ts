import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

/** Runs ffmpeg or ffprobe, naming the package to install when it is missing. */
export async function media(tool: 'ffmpeg' | 'ffprobe', args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`media:package needs ${tool}, which is not installed: apt-get install ffmpeg (Debian's package, with libx264 and AAC)`);
    throw new Error(`${tool} failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`);
  }
}

const probeSchema = z.object({
  streams: z.array(z.object({ codec_type: z.string(), height: z.number().optional() })),
});

/** The source's picture height and whether it has sound. */
export async function probe(file: string): Promise<{ height: number; hasAudio: boolean }> {
  const output = await media('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,height', '-of', 'json', file]);
  const { streams } = probeSchema.parse(JSON.parse(output));
  const height = streams.find((stream) => stream.codec_type === 'video')?.height;
  if (!height) throw new Error(`${file} has no video stream`);
  return { height, hasAudio: streams.some((stream) => stream.codec_type === 'audio') };
}
