import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '@/lib/env/schema';

const docs = readFileSync('docs/configuration.md', 'utf8');
const example = readFileSync('.env.local.example', 'utf8');

describe('every setting the site reads is documented', () => {
  it('reads a few dozen settings (the schema is where they are found)', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(40);
  });

  it.each(SETTING_NAMES)('docs/configuration.md names %s', (name) => {
    expect(docs).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('.env.local.example names every setting an operator sets (not those Next and Vercel set)', () => {
    const setByPlatform = new Set(['NODE_ENV', 'VERCEL', 'VERCEL_ENV', 'VERCEL_DEPLOYMENT_ID', 'VERCEL_PROJECT_PRODUCTION_URL']);
    const missing = SETTING_NAMES.filter((name) => !setByPlatform.has(name) && !new RegExp(`\\b${name}\\b`).test(example));
    expect(missing).toEqual([]);
  });
});
