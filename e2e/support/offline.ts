import { test as base, expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import {
  CHAIN_BUDGET_SITE_URL,
  CHAIN_URL,
  CODES_SITE_URL,
  HAND_WRITTEN_SITE_URL,
  INSIGHT_SITE_URL,
  RENTAL_PAGES_SITE_URL,
  SHORT_CHECKOUT_SITE_URL,
  SITE_URL,
  TRANSACTION_SITE_URL,
  USDC_SITE_URL,
} from './ports';

const sites = new Set([
  SITE_URL,
  INSIGHT_SITE_URL,
  HAND_WRITTEN_SITE_URL,
  SHORT_CHECKOUT_SITE_URL,
  CHAIN_BUDGET_SITE_URL,
  USDC_SITE_URL,
  RENTAL_PAGES_SITE_URL,
  TRANSACTION_SITE_URL,
  CODES_SITE_URL,
]);
const allowed = new Set([...sites, CHAIN_URL]);

/** A Content-Security-Policy violation a page of the site reported. */
export interface CspViolation {
  directive: string;
  blockedURI: string;
  page: string;
}

/**
 * Records every `securitypolicyviolation` in documents of the site, in the page (window.__cspViolations)
 * and through a binding that outlives navigations. Runs before any script of the page.
 */
function recordViolations(siteOrigin: string) {
  if (location.origin !== siteOrigin) return;
  const seen: unknown[] = [];
  (window as unknown as { __cspViolations: unknown[] }).__cspViolations = seen;
  window.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const violation = { directive: event.violatedDirective, blockedURI: event.blockedURI, page: location.href };
      seen.push(violation);
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => Promise<void> }).__reportCspViolation;
      void report?.(violation);
    },
    true,
  );
}

type Fixtures = {
  /** This test's client key: every request to the site says it comes from here (X-Forwarded-For). */
  clientKey: string;
  /** CSP violations seen so far in this test's context; a test that provokes one on purpose clears it. */
  cspViolations: CspViolation[];
  /** Automatic: fails the test when any page reported a CSP violation. */
  _cspGuard: void;
};

/**
 * Every browser test runs offline: a request to anything but the site under test and the local
 * chain is refused, so a stray call to the internet fails loudly instead of hanging.
 * Every request to the site carries this test's own X-Forwarded-For, so per-client rate limits
 * count each test apart (all tests come from 127.0.0.1). Any CSP violation fails the test.
 */
export const test = base.extend<Fixtures>({
  clientKey: async ({}, provide, testInfo) => {
    await provide(`e2e-${testInfo.testId}-${testInfo.repeatEachIndex}-${testInfo.retry}`);
  },
  cspViolations: async ({}, provide) => {
    await provide([]);
  },
  context: async ({ context, clientKey, cspViolations }, provide) => {
    await context.route(
      (url) => !allowed.has(url.origin),
      (route) => route.abort('internetdisconnected'),
    );
    // Not extraHTTPHeaders: that would also reach the chain's RPC and turn its requests into CORS preflights.
    await context.route(
      (url) => sites.has(url.origin),
      (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': clientKey } }),
    );
    await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => void cspViolations.push(violation));
    for (const site of sites) await context.addInitScript(recordViolations, site);
    await provide(context);
    await settle(context);
  },
  // The API client of a test is a client of its own too.
  request: async ({ playwright, baseURL, clientKey }, provide) => {
    const request: APIRequestContext = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientKey } });
    await provide(request);
    await request.dispose();
  },
  // After every test (and after its context has settled), no page of it may have hit the policy.
  _cspGuard: [
    async ({ cspViolations }, provide) => {
      await provide();
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Lets violation events already queued in open pages reach the binding. Bounded: a page with
 * JavaScript disabled never runs the timer (and records nothing anyway).
 */
async function settle(context: BrowserContext) {
  const bounded = new Promise((resolve) => setTimeout(resolve, 1_000));
  await Promise.all(
    context.pages().map((page) => Promise.race([page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))).catch(() => undefined), bounded])),
  );
}

export { expect };
