import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * A string each wallet or web3 library keeps through a production build: an error message, a URL, a feature
 * id. Class and function names (PhantomWalletAdapter, SystemProgram) are minified away, so they find nothing.
 */
export const WALLET_MARKERS = {
  '@solana/web3.js': 'Invalid public key input',
  '@solana/wallet-adapter-base': 'WalletNotReadyError',
  '@solana/wallet-adapter-phantom': 'phantom.app',
  '@solana/wallet-standard-features': 'solana:signAndSendTransaction',
};
const markers = Object.values(WALLET_MARKERS);

/** A string only the share dialog's code holds (components/share/ShareSheet.tsx), kept through a build. */
export const SHARE_MARKER = 'Copy the link from the field above';

export interface LoadedScript {
  url: string;
  body: Buffer;
  beforeLoad: boolean;
}

export const gzipBytes = (scripts: LoadedScript[]) => scripts.reduce((sum, s) => sum + gzipSync(s.body).length, 0);
export const walletScripts = (scripts: LoadedScript[]) => scripts.filter((s) => markers.some((marker) => s.body.includes(marker)));

/**
 * The one counter of what a visit downloads (e2e/first-load.spec.ts gates it, the bench reports it): every
 * script until the network is idle, each marked before or after the load event. Counted to network idle, not
 * only to the load event: code fetched after load (lazy chunks, other routes prefetched by links in view) is
 * downloaded by a visitor who has not touched anything yet. `scripts` keeps growing after the visit, so a
 * caller can see what a later click adds.
 */
export async function visit(page: Page, path: string) {
  const scripts: LoadedScript[] = [];
  const pending: Promise<void>[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const beforeLoad = !loaded;
    pending.push(
      response.body().then(
        (body) => void scripts.push({ url: response.url(), body, beforeLoad }),
        () => undefined,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const gzip = gzipBytes(scripts);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `[first-load] ${path}: ${scripts.length} scripts, ${kb(gzip)} gzip to network idle (${kb(gzipBytes(scripts.filter((s) => s.beforeLoad)))} before load)`,
  );
  return { scripts, gzip, settled: () => Promise.all(pending) };
}

/**
 * The scripts the first pay click on a visited page adds: everything downloaded until the purchase dialog shows
 * its Solana Pay QR code and the network is idle again.
 */
export async function scriptsAddedByPayClick(page: Page, visited: Awaited<ReturnType<typeof visit>>): Promise<LoadedScript[]> {
  const before = visited.scripts.length;
  await page
    .getByRole('button', { name: /Pay with Solana/ })
    .first()
    .click();
  await page.getByRole('img', { name: /Solana Pay QR code/ }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await visited.settled();
  return visited.scripts.slice(before);
}
