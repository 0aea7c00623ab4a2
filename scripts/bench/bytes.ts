/**
 * JavaScript and CSS a browser loads for a page, measured in Chromium: every script and stylesheet
 * response until the network is idle, raw (body length) and gzip (computed here with zlib at level 9,
 * as bundle-size tools do, rather than read from transfer headers), and whether any of them holds
 * wallet or web3 code, found by string literals that survive minification.
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, HOST } from './config';
import type { Target } from './targets';
import { errorMessage, log } from './util';

/** Per library, literals that only its code contains: error messages, program ids, names set as strings. */
export const WALLET_MARKERS: Record<string, string[]> = {
  '@solana/web3.js': ['SysvarRent111111111111111111111111111111111', 'Transaction recentBlockhash required'],
  '@solana/wallet-adapter-base': ['WalletNotReadyError', 'WalletSignTransactionError'],
  '@solana/wallet-adapter-react': ['render a WalletProvider as an ancestor'],
  '@solana/wallet-adapter-phantom': ['phantom.app/ul/browse'],
};

export interface LoadedFile {
  url: string;
  type: 'script' | 'stylesheet';
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** Arrived after the load event (lazy chunks, prefetches) rather than as part of the first load. */
  afterLoad: boolean;
  /** Libraries whose markers this file contains. */
  wallet: string[];
  /** Arrived after the visitor's first click on "Pay with Solana" (the purchase dialog and what it needs). */
  afterPayClick: boolean;
}

export interface Totals {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** Of gzipBytes, what arrived after the load event. */
  gzipBytesAfterLoad: number;
}

export interface BytesResult {
  path: string;
  status: number | null;
  js: Totals | null;
  css: Totals | null;
  /** Files that carry wallet or web3 code (none is the goal). */
  walletFiles: { url: string; libraries: string[] }[];
  /** What the first click on a pay button adds (the dialog, the wallet code), until the QR code shows; null without a pay button. */
  payClick: (Totals & { walletGzipBytes: number }) | null;
  files: LoadedFile[];
  /** Requests to anything but the site, which were refused. */
  blockedRequests: string[];
  error: string | null;
}

function walletLibraries(body: string): string[] {
  return Object.entries(WALLET_MARKERS)
    .filter(([, markers]) => markers.some((marker) => body.includes(marker)))
    .map(([library]) => library);
}

function total(files: LoadedFile[], type: LoadedFile['type']): Totals {
  const ofType = files.filter((file) => file.type === type && !file.afterPayClick);
  return {
    files: ofType.length,
    rawBytes: ofType.reduce((sum, file) => sum + file.rawBytes, 0),
    gzipBytes: ofType.reduce((sum, file) => sum + file.gzipBytes, 0),
    gzipBytesAfterLoad: ofType.filter((file) => file.afterLoad).reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

async function measurePage(browser: Browser, siteUrl: string, target: Target): Promise<BytesResult> {
  const result: BytesResult = {
    path: target.path,
    status: null,
    js: null,
    css: null,
    walletFiles: [],
    payClick: null,
    files: [],
    blockedRequests: [],
    error: null,
  };
  // A fresh context per page: nothing cached from the previous one.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === HOST) return route.continue();
      result.blockedRequests.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const seen = new Set<string>();
    let loaded = false;
    let clicked = false;
    page.once('load', () => {
      loaded = true;
    });
    page.on('response', (response: Response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (seen.has(response.url())) return;
      seen.add(response.url());
      const afterLoad = loaded;
      const afterPayClick = clicked;
      pending.push(
        response
          .body()
          .then((body) => {
            result.files.push({
              url: response.url(),
              type,
              status: response.status(),
              rawBytes: body.length,
              gzipBytes: gzipSync(body, { level: 9 }).length,
              afterLoad,
              afterPayClick,
              wallet: walletLibraries(body.toString('latin1')),
            });
          })
          .catch((error: unknown) => log(`bytes: no body for ${response.url()}: ${errorMessage(error)}`)),
      );
    });
    const response = await page.goto(`${siteUrl}${target.path}`, { waitUntil: 'load', timeout: 60_000 });
    result.status = response?.status() ?? null;
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => log(`bytes ${target.path}: network not idle after 30 s`));
    await Promise.all(pending);
    result.js = total(result.files, 'script');
    result.css = total(result.files, 'stylesheet');
    result.walletFiles = result.files
      .filter((file) => file.wallet.length > 0 && !file.afterPayClick)
      .map((file) => ({ url: file.url, libraries: file.wallet }));

    const pay = page.getByRole('button', { name: /Pay with Solana/ }).first();
    if ((await pay.count()) > 0) {
      clicked = true;
      await pay.click();
      await page.getByRole('img', { name: /Solana Pay QR code/ }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => log(`bytes ${target.path}: network not idle after the pay click`));
      await Promise.all(pending);
      const added = result.files.filter((file) => file.afterPayClick && file.type === 'script');
      result.payClick = {
        files: added.length,
        rawBytes: added.reduce((sum, file) => sum + file.rawBytes, 0),
        gzipBytes: added.reduce((sum, file) => sum + file.gzipBytes, 0),
        gzipBytesAfterLoad: 0,
        walletGzipBytes: added.filter((file) => file.wallet.length > 0).reduce((sum, file) => sum + file.gzipBytes, 0),
      };
    }
    result.files.sort((a, b) => a.url.localeCompare(b.url));
    log(
      `bytes ${target.path}: JS ${result.js.gzipBytes} B gzip in ${result.js.files} files, CSS ${result.css.gzipBytes} B gzip, ` +
        `wallet code in ${result.walletFiles.length} file(s)` +
        (result.payClick ? `; the first pay click adds JS ${result.payClick.gzipBytes} B gzip in ${result.payClick.files} files` : ''),
    );
  } catch (error) {
    result.error = errorMessage(error);
    log(`bytes ${target.path}: ${result.error}`);
  } finally {
    await context.close();
  }
  return result;
}

export async function measureBytes(siteUrl: string, targets: Target[]): Promise<BytesResult[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  try {
    const results: BytesResult[] = [];
    for (const target of targets) results.push(await measurePage(browser, siteUrl, target));
    return results;
  } finally {
    await browser.close();
  }
}
