import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The shipped rules (firestore.rules) give web and app clients nothing: the server reaches Firestore
 * through firebase-admin only. A rule that opened anything, the ledger above all, would fail here.
 * This reads the file; tests/integration/firestore-rules.test.ts has Google's emulator enforce it.
 */
const rules = readFileSync('firestore.rules', 'utf8').replace(/\/\/.*$/gm, '');

describe('firestore.rules', () => {
  it('denies every read and write by clients, the ledger included, with one catch-all rule', () => {
    const allows = [...rules.matchAll(/allow\s+([^:;]+):\s*if\s+([^;]+);/g)].map(([, what, condition]) => ({
      what: what!.trim(),
      condition: condition!.trim(),
    }));
    expect(allows).toEqual([{ what: 'read, write', condition: 'false' }]);
    expect(rules).toMatch(/match \/databases\/\{database\}\/documents \{\s*match \/\{document=\*\*\} \{/);
    expect(rules).not.toMatch(/allow\s+[^:;]+;/);
  });

  it('is the file firebase.json deploys', () => {
    expect(JSON.parse(readFileSync('firebase.json', 'utf8')).firestore.rules).toBe('firestore.rules');
  });
});
