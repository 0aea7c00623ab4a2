import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The code without its comments: what a rule about code reads. */
const codeOf = (file: string) =>
  readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('the house a newcomer reads', () => {
  it('has no two files of one name in lib (a folder’s index.ts is named by its folder)', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources('lib').filter((path) => basename(path) !== 'index.ts'))
      byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
  });

  it('builds the site’s API addresses in lib/routes.ts only', () => {
    const spelled = ['lib', 'components', 'app']
      .flatMap(sources)
      .filter((file) => file !== join('lib', 'routes.ts'))
      .filter((file) => /['"`]\/api\//.test(codeOf(file)));
    expect(spelled).toEqual([]);
  });

  it('never runs scripts/ from lib', () => {
    expect(sources('lib').filter((file) => /['"`]scripts\//.test(codeOf(file)))).toEqual([]);
  });
});
