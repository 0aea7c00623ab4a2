import { test as base } from '@playwright/test';
import { CHAIN_URL, SITE_URL } from './ports';

const allowed = new Set([SITE_URL, CHAIN_URL]);

/**
 * Every browser test runs offline: a request to anything but the site under test and the local
 * chain is refused, so a stray call to the internet fails loudly instead of hanging.
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await context.route((url) => !allowed.has(url.origin), (route) => route.abort('internetdisconnected'));
    await provide(context);
  },
});

export { expect } from '@playwright/test';
