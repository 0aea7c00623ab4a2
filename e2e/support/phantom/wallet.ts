import type { BrowserContext, Page } from '@playwright/test';
import { Keypair } from '@solana/web3.js';
import { chainControl } from '../chain/control';
import { E2E_PORTS } from '../ports';
import { phantomInitScript, type PhantomOptions, type PhantomTestState } from './init-script';

export type { PhantomOptions, PhantomTestState } from './init-script';

/** A fresh keypair for one test's wallet. */
export function createTestWallet(): Keypair {
  return Keypair.generate();
}

/**
 * Installs the Phantom stand-in, backed by `wallet`, into every page of a context (or one page)
 * before any of the site's scripts run. Options apply on every load; runtime switches
 * (setPhantom) last until the next navigation. signAndSendTransaction sends to the e2e chain
 * unless `rpcUrl` says otherwise.
 */
export async function installPhantom(target: Page | BrowserContext, wallet: Keypair, options: Omit<PhantomOptions, 'secretKey'> = {}) {
  const rpcUrl = options.rpcUrl ?? `http://127.0.0.1:${E2E_PORTS.chain}`;
  await target.addInitScript({ content: phantomInitScript({ ...options, rpcUrl, secretKey: [...wallet.secretKey] }) });
}

/** Flips the stand-in's switches in the current page, e.g. setPhantom(page, { rejectSign: true }). */
export async function setPhantom(page: Page, patch: Partial<Pick<PhantomTestState, 'rejectConnect' | 'rejectSign' | 'signDelayMs'>>) {
  await page.evaluate((values) => Object.assign((window as unknown as { __phantomTest: PhantomTestState }).__phantomTest, values), patch);
}

/** What the page asked of the wallet so far: method names, and the signatures it produced. */
export async function phantomState(page: Page): Promise<PhantomTestState> {
  return page.evaluate(() => {
    const { address, calls, rejectConnect, rejectSign, signDelayMs, rpcUrl, signatures, messages } = (window as unknown as { __phantomTest: PhantomTestState })
      .__phantomTest;
    return { address, calls, rejectConnect, rejectSign, signDelayMs, rpcUrl, signatures, messages };
  });
}

/** Funds a test wallet on the local chain (running in this or another process). */
export async function fundTestWallet(chainUrl: string, wallet: Keypair, lamports = 1_000_000_000): Promise<string> {
  return chainControl(chainUrl).airdrop(wallet.publicKey.toBase58(), lamports);
}
