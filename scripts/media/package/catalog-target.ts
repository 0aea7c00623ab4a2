import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { format, resolveConfig } from 'prettier';
import { commitWrites, readDocuments } from '../../../lib/catalog/firestore-adapter';
import { parseTitlePath } from '../../../lib/catalog/kinds';

/**
 * The catalog document a packaged stream is for: whether it is locked (it, or the title it is part of),
 * and pointing its videourl at the stream. The embedded catalog is content/*.json; Firestore is written
 * as an operator's console edit, which the site's catalog sync picks up.
 */
export interface CatalogTarget {
  describe: string;
  /** The document's current videourl and whether a buyer must own it; throws when there is no such video. */
  read(path: string): Promise<{ videourl: string; locked: boolean }>;
  point(path: string, videourl: string): Promise<void>;
}

/** The document paths from the title down to `path`: `series/a`, …, `series/a/seasons/b/episodes/c`. */
function lineage(path: string): string[] {
  const address = parseTitlePath(path);
  if (!address || address.depth === 'season') throw new Error(`${path} is not a catalog video path (trailers/x, series/x/seasons/y/episodes/z, …)`);
  const parts = path.split('/');
  return Array.from({ length: parts.length / 2 }, (_, i) => parts.slice(0, 2 * i + 2).join('/'));
}

type Node = Record<string, unknown>;

export function embeddedTarget(contentDir: string): CatalogTarget {
  const fileOf = (path: string) => join(contentDir, `${path.split('/')[0]}.json`);
  /** The nodes from the title down, in content/{kind}.json's nesting ({id: {seasons: {id: {episodes: …}}}}). */
  async function nodes(path: string): Promise<{ root: Node; chain: Node[] }> {
    const root = JSON.parse(await readFile(fileOf(path), 'utf8')) as Node;
    const [, id, ...rest] = path.split('/');
    const chain: Node[] = [];
    let node = root[id!] as Node | undefined;
    for (let i = 0; node; i += 2) {
      chain.push(node);
      if (i >= rest.length) break;
      node = (node[rest[i]!] as Node | undefined)?.[rest[i + 1]!] as Node | undefined;
    }
    if (chain.length !== lineage(path).length) throw new Error(`no ${path} in ${fileOf(path)}`);
    return { root, chain };
  }
  return {
    describe: `the embedded catalog (${contentDir})`,
    async read(path) {
      const { chain } = await nodes(path);
      const videourl = chain.at(-1)!.videourl;
      if (typeof videourl !== 'string') throw new Error(`${path} has no videourl`);
      return { videourl, locked: chain.some((node) => node.locked === true) };
    },
    async point(path, videourl) {
      const { root, chain } = await nodes(path);
      chain.at(-1)!.videourl = videourl;
      // Written as the repository formats it (Prettier), so the diff is the one line that changed.
      const file = fileOf(path);
      await writeFile(file, await format(JSON.stringify(root), { ...(await resolveConfig(file)), filepath: file }));
    },
  };
}

export function firestoreTarget(db: Firestore): CatalogTarget {
  return {
    describe: 'Firestore',
    async read(path) {
      const docs = await readDocuments(db, lineage(path));
      const data = docs.map((doc) => doc?.data as Node | undefined);
      const videourl = data.at(-1)?.videourl;
      if (data.includes(undefined) || typeof videourl !== 'string') throw new Error(`no video at ${path} in Firestore`);
      return { videourl, locked: data.some((doc) => doc?.locked === true) };
    },
    point: (path, videourl) => commitWrites(db, [{ kind: 'update', path, data: { videourl } }]),
  };
}
