#!/usr/bin/env node
// Generates every cover referenced by content/*.json (960x540 JPEG) plus public/default-cover.jpg.
// Usage: node scripts/media/covers.mjs   (needs ImageMagick 6 `convert` and fonts-lato)
// Empty coverimg values and paths under /media/covers/missing/ are deliberately left without a file.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FONT = '/usr/share/fonts/truetype/lato/Lato-Black.ttf';
const FONT_LABEL = '/usr/share/fonts/truetype/lato/Lato-Bold.ttf';
const read = (n) => JSON.parse(fs.readFileSync(path.join(ROOT, 'content', `${n}.json`), 'utf8'));

const hash = (s) => createHash('md5').update(s).digest().readUInt32BE(0);
const hsl = (h, s, l) => {
  // -> #rrggbb
  const a = s * Math.min(l, 1 - l),
    f = (n) => {
      const k = (n + h / 30) % 12;
      return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    };
  return (
    '#' +
    [0, 8, 4]
      .map((n) =>
        Math.round(f(n) * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
};

// Background recipes on a 480x270 canvas (upscaled later); each yields a grey pattern mapped through a 3-colour CLUT.
const backgrounds = [
  (seed) => ['-seed', seed, 'plasma:fractal', '-blur', '0x6', '-colorspace', 'gray', '-auto-level'],
  (seed) => [
    '-seed',
    seed,
    '-size',
    '48x27',
    'xc:',
    '+noise',
    'Random',
    '-colorspace',
    'gray',
    '-filter',
    'cubic',
    '-resize',
    '480x270!',
    '-virtual-pixel',
    'mirror',
    '-motion-blur',
    `0x50+${seed % 180}`,
    '-auto-level',
    '-blur',
    '0x2',
  ],
  (seed) => [
    'gradient:',
    '-function',
    'Sinusoid',
    `${2 + (seed % 3)},${seed % 90}`,
    '-virtual-pixel',
    'mirror',
    '-distort',
    'SRT',
    `1.6 ${seed % 360}`,
    '-blur',
    '0x4',
  ],
  (seed) => ['-seed', seed, 'plasma:fractal', '-blur', '0x4', '-swirl', `${120 + (seed % 240)}`, '-colorspace', 'gray', '-auto-level'],
  (seed) => [
    '-size',
    '960x540',
    'radial-gradient:white-black',
    '-crop',
    `480x270+${seed % 480}+${seed % 270}`,
    '+repage',
    '-function',
    'Sinusoid',
    `${2 + (seed % 3)},0`,
    '-blur',
    '0x2',
  ],
];

function cover(out, title, label, key, hue) {
  const h = Math.round(hue + (hash(key) % 24) - 12 + 360) % 360,
    seed = hash(key);
  const bg = backgrounds[hash(key + '#bg') % backgrounds.length](seed % 100000);
  const [c0, c1, c2] = [hsl(h, 0.6, 0.08), hsl((h + 25) % 360, 0.75, 0.38), hsl((h + 55) % 360, 0.9, 0.68)];
  const size = title.length <= 14 ? 88 : title.length <= 22 ? 76 : title.length <= 32 ? 64 : 54;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  execFileSync(
    'convert',
    [
      '-size',
      '480x270',
      ...bg,
      '(',
      '-size',
      '1x128',
      `gradient:${c0}-${c1}`,
      '-size',
      '1x128',
      `gradient:${c1}-${c2}`,
      '-append',
      ')',
      '-clut',
      '-resize',
      '960x540!',
      '(',
      '-size',
      '960x540',
      'gradient:rgba(0,0,0,0)-rgba(0,0,0,0.85)',
      ')',
      '-composite',
      '(',
      '-size',
      '960x540',
      'radial-gradient:rgba(0,0,0,0)-rgba(0,0,0,0.45)',
      ')',
      '-composite',
      '(',
      '-background',
      'none',
      '+size',
      '(',
      '-fill',
      hsl((h + 55) % 360, 0.9, 0.78),
      '-font',
      FONT_LABEL,
      '-pointsize',
      '22',
      '-kerning',
      '4',
      `label:${label.toUpperCase()}`,
      ')',
      '(',
      '-size',
      '1x14',
      'xc:none',
      ')',
      '(',
      '-fill',
      'white',
      '-font',
      FONT,
      '-pointsize',
      size,
      '-interline-spacing',
      '-8',
      '-size',
      '860x',
      `caption:${title}`,
      ')',
      '-gravity',
      'West',
      '-append',
      '(',
      '+clone',
      '-background',
      'black',
      '-shadow',
      '75x5+0+3',
      ')',
      '+swap',
      '-background',
      'none',
      '-layers',
      'merge',
      '+repage',
      ')',
      '-gravity',
      'SouthWest',
      '-geometry',
      '+54+44',
      '-composite',
      '-fill',
      'rgba(255,255,255,0.55)',
      '-font',
      FONT_LABEL,
      '-pointsize',
      '18',
      '-kerning',
      '5',
      '-gravity',
      'NorthEast',
      '-annotate',
      '+28+24',
      'SOLENEMA',
      '-strip',
      '-interlace',
      'JPEG',
      '-sampling-factor',
      '4:2:0',
      '-quality',
      '78',
      out,
    ].map(String),
  );
}

const file = (p) => (p && !p.startsWith('/media/covers/missing/') ? path.join(ROOT, 'public', p) : null);
const jobs = [];
const add = (p, ...args) => {
  const out = file(p);
  if (out) jobs.push([out, ...args]);
};
let n = 0; // top-level items get hues spread by the golden angle; children share their parent's hue
const nextHue = () => (n++ * 137.508) % 360;

for (const [id, t] of Object.entries(read('trailers'))) add(t.coverimg, t.title, t.type ?? 'Trailer', id, nextHue());
for (const [id, d] of Object.entries(read('documentaries'))) add(d.coverimg, d.title, 'Documentary', id, nextHue());
for (const [id, s] of Object.entries(read('series'))) {
  const hue = nextHue();
  add(s.coverimg, s.title, `Series · ${s.totalSeasons} season${s.totalSeasons > 1 ? 's' : ''}`, id, hue);
  for (const [sid, season] of Object.entries(s.seasons)) {
    const sub = season.title.replace(/^Season \d+:?\s*/, '');
    add(season.coverimg, sub || s.title, `Season ${season.seasonNumber}${sub ? ` · ${s.title}` : ''}`, `${id}/${sid}`, hue);
    for (const [eid, e] of Object.entries(season.episodes))
      add(e.coverimg, e.title, `${s.title} · S${season.seasonNumber} E${e.episodeNumber}`, `${id}/${sid}/${eid}`, hue);
  }
}
for (const [id, f] of Object.entries(read('shortFilms'))) {
  const hue = nextHue();
  add(f.coverimg, f.title, 'Short film', id, hue);
  for (const [eid, e] of Object.entries(f.episodes)) add(e.coverimg, e.title, `${f.title} · Part ${e.episodeNumber}`, `${id}/${eid}`, hue);
}
for (const job of jobs) cover(...job);
console.log(`${jobs.length} covers written`);

// Fallback cover: dark gradient, film strip with a play glyph, SOLENEMA wordmark.
const holes = Array.from(
  { length: 24 },
  (_, i) => `roundrectangle ${12 + i * 40},196 ${36 + i * 40},210 3,3 roundrectangle ${12 + i * 40},330 ${36 + i * 40},344 3,3`,
).join(' ');
execFileSync('convert', [
  '-size',
  '960x540',
  'radial-gradient:#2a1840-#07060c',
  '-distort',
  'SRT',
  '1.4 0',
  '-fill',
  'rgba(255,255,255,0.06)',
  '-draw',
  'rectangle 0,186 960,354',
  '-fill',
  'rgba(0,0,0,0.55)',
  '-draw',
  holes,
  '-fill',
  'none',
  '-stroke',
  'rgba(255,190,120,0.9)',
  '-strokewidth',
  '4',
  '-draw',
  'circle 480,230 480,284',
  '-stroke',
  'none',
  '-fill',
  'rgba(255,190,120,0.95)',
  '-draw',
  'polygon 466,206 466,254 504,230',
  '-fill',
  'white',
  '-font',
  FONT,
  '-pointsize',
  '54',
  '-kerning',
  '14',
  '-gravity',
  'North',
  '-annotate',
  '+7+372',
  'SOLENEMA',
  '-fill',
  'rgba(255,255,255,0.5)',
  '-font',
  FONT_LABEL,
  '-pointsize',
  '16',
  '-kerning',
  '6',
  '-annotate',
  '+3+448',
  'COVER UNAVAILABLE',
  '-strip',
  '-interlace',
  'JPEG',
  '-quality',
  '78',
  path.join(ROOT, 'public/default-cover.jpg'),
]);
