import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** V8's per-file explicit compile hint (Chrome 136+): compile the file's functions while it streams, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type BuildManifest = { rootMainFiles?: unknown };

/**
 * Marks the chunks every page runs at start-up (the build manifest's `rootMainFiles`: React DOM, Next's router,
 * Turbopack's runtime). Unmarked, V8 compiles each module factory lazily, on the main thread, when it first
 * runs; React DOM's alone was most of the boot's longest task (docs/performance.md). Runs after Next's compile
 * (`compiler.runAfterProductionCompile`), so every build has it: `npm run build`, Vercel's, the tests' and the
 * bench's. A file already marked is left as it is.
 */
export async function addCompileHints({ distDir }: { distDir: string }): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const files = Array.isArray(manifest.rootMainFiles) ? manifest.rootMainFiles.filter((file): file is string => typeof file === 'string') : [];
  if (files.length === 0) throw new Error('compile hints: the build manifest lists no rootMainFiles (has Next changed its manifest?)');
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(distDir, file);
      const source = await readFile(target, 'utf8');
      if (!source.startsWith(COMPILE_HINT)) await writeFile(target, COMPILE_HINT + source);
    }),
  );
}
