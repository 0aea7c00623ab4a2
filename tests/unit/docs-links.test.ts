import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pages = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (file: string) => new Set([...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!.trim())));

describe('the README and docs link only to what exists', () => {
  it('keeps the README to one screen: under 6 KB', () => {
    expect(readFileSync('README.md').byteLength).toBeLessThan(6 * 1024);
  });

  it.each(pages)('%s: every relative link names a file, and every anchor a heading', (page) => {
    const broken: string[] = [];
    for (const [, target] of readFileSync(page, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const file = path ? join(dirname(page), path) : page;
      if (!existsSync(file)) broken.push(`${target}: no such file`);
      else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
