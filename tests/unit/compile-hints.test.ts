import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints } from '@/lib/build/compile-hints';

async function distWith(manifest: unknown, files: Record<string, string>) {
  const distDir = await mkdtemp(path.join(tmpdir(), 'compile-hints-'));
  await mkdir(path.join(distDir, 'static/chunks'), { recursive: true });
  await writeFile(path.join(distDir, 'build-manifest.json'), JSON.stringify(manifest));
  for (const [file, source] of Object.entries(files)) await writeFile(path.join(distDir, file), source);
  return distDir;
}

describe('addCompileHints', () => {
  it("marks exactly the build manifest's start-up chunks, once however often it runs", async () => {
    const distDir = await distWith(
      { rootMainFiles: ['static/chunks/react-dom.js', 'static/chunks/runtime.js'] },
      { 'static/chunks/react-dom.js': 'a();', 'static/chunks/runtime.js': 'b();', 'static/chunks/page.js': 'c();' },
    );
    await addCompileHints({ distDir });
    await addCompileHints({ distDir });
    const read = (file: string) => readFile(path.join(distDir, 'static/chunks', file), 'utf8');
    expect(await read('react-dom.js')).toBe(`${COMPILE_HINT}a();`);
    expect(await read('runtime.js')).toBe(`${COMPILE_HINT}b();`);
    expect(await read('page.js')).toBe('c();');
  });

  it('fails the build when the manifest no longer names start-up chunks, rather than shipping without hints unnoticed', async () => {
    await expect(addCompileHints({ distDir: await distWith({ pages: {} }, {}) })).rejects.toThrow(/rootMainFiles/);
  });
});
