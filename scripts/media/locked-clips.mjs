// Lists every locked video in the embedded catalog (content/*.json) whose videourl is a
// local public clip (/media/clips/... or already private:...), one per line as
//   <path under media-private>\t<title>\t<current videourl>\t<context: kind or series/film title>
// Locked = the movie has locked: true (trailers, documentaries), or an episode's series /
// short film has locked: true, or the episode itself has locked: true.
// Used by private-clips.sh (generation) and for the content rewrite; order is stable
// (file order, then JSON key order), so the same set regenerates identically.
// Usage: node scripts/media/locked-clips.mjs [--rewrite]
//   --rewrite  also sets those videourls to private:<path> in content/*.json (2-space JSON).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const rewrite = process.argv.includes('--rewrite');
const read = (name) => JSON.parse(readFileSync(`${root}content/${name}.json`, 'utf8'));
const local = (url) => typeof url === 'string' && (url.startsWith('/media/clips/') || url.startsWith('private:'));
const out = [];
const files = {};

function take(file, node, path, title, context) {
  if (!local(node.videourl)) return;
  out.push([path, title, node.videourl, context]);
  if (rewrite && node.videourl !== `private:${path}`) {
    node.videourl = `private:${path}`;
    files[file] = true;
  }
}

const data = {};
for (const kind of ['trailers', 'documentaries']) {
  data[kind] = read(kind);
  for (const [id, m] of Object.entries(data[kind])) {
    if (m.locked === true) take(kind, m, `${kind}/${id}.mp4`, m.title, kind === 'trailers' ? 'Feature' : 'Documentary');
  }
}
data.series = read('series');
for (const [sid, s] of Object.entries(data.series)) {
  for (const [seid, season] of Object.entries(s.seasons ?? {})) {
    for (const [eid, e] of Object.entries(season.episodes ?? {})) {
      if (s.locked === true || e.locked === true)
        take('series', e, `series/${sid}/${seid}/${eid}.mp4`, e.title, `${s.title} · S${season.seasonNumber ?? ''} E${e.episodeNumber ?? ''}`);
    }
  }
}
data.shortFilms = read('shortFilms');
for (const [fid, f] of Object.entries(data.shortFilms)) {
  for (const [eid, e] of Object.entries(f.episodes ?? {})) {
    if (f.locked === true || e.locked === true) take('shortFilms', e, `shortFilms/${fid}/${eid}.mp4`, e.title, `${f.title} · Part ${e.episodeNumber ?? ''}`);
  }
}
for (const file of Object.keys(files)) {
  const before = readFileSync(`${root}content/${file}.json`, 'utf8');
  writeFileSync(`${root}content/${file}.json`, JSON.stringify(data[file], null, 2) + (before.endsWith('\n') ? '\n' : ''));
}
for (const row of out) console.log(row.join('\t'));
