import { existsSync } from 'node:fs';

/** Debian's Chromium when present (Playwright cannot download its own browser offline). */
export const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

/** Flags that keep Chromium from reaching for the network this machine does not have. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];
