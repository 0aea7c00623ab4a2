import * as fs from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredCheckout } from '@/lib/payments/checkout/checkout';
import { CHECKOUT_KEPT_MS } from '@/lib/payments/checkout/checkout-kept';
import { TEST_CLUSTER, purchaseRecord } from '../support/purchase-record';

// Every file the ledger writes goes through open(): a test can make the disk fill up halfway through one.
const disk = vi.hoisted(() => ({ fullAfter: null as number | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    const fullAfter = disk.fullAfter;
    if (fullAfter === null) return handle;
    disk.fullAfter = null;
    // Writes the first bytes, then fails as a full disk does.
    handle.writeFile = async (data) => {
      await real.appendFile(args[0], String(data).slice(0, fullAfter));
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    return handle;
  };
  return { ...real, open, default: { ...real, open } };
});

const { fileLedger } = await import('@/lib/payments/ledger/ledger');

const BROWSER = 'browser-a-0123456789ab';
const checkoutRecord = (reference: string, issuedAt = Date.now()): StoredCheckout => ({
  reference,
  path: 'trailers/a',
  title: 'A',
  recipient: 'rcpt',
  price: { currency: 'SOL', units: 10_000_000 },
  kind: 'buy',
  issuedAt,
  expiresAt: issuedAt + 60_000,
  holder: 'holder-0123456789abcd',
  browser: BROWSER,
  cluster: TEST_CLUSTER,
});

let dir: string;
let warnings: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'solenema-file-ledger-'));
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message));
});
afterEach(() => {
  disk.fullAfter = null;
  vi.restoreAllMocks();
});

/** A record file left as a crash before this version left it: created, never (fully) written. */
async function halfWritten(folder: string, name: string, text = '') {
  await mkdir(join(dir, folder), { recursive: true });
  await writeFile(join(dir, folder, `${name}.json`), text);
}

describe('file ledger durability', () => {
  it('a claim cut short by a full disk leaves no record: the same signature is claimed once the disk has room', async () => {
    const ledger = fileLedger(dir);
    disk.fullAfter = 10;
    await expect(ledger.create(purchaseRecord('sig-full', 'wallet'))).rejects.toThrow(/ENOSPC/);
    expect(await ledger.get('sig-full')).toBeNull();
    expect(await ledger.create(purchaseRecord('sig-full', 'wallet'))).toBe(true);
    expect(await ledger.create(purchaseRecord('sig-full', 'other'))).toBe(false);
    expect((await ledger.get('sig-full'))?.wallet).toBe('wallet');
    expect(await readdir(join(dir, '.tmp')), 'no temporary file is left behind').toEqual([]);
  });

  it('a half-written claim reads as absent (with a warning) and is replaced by the claim that finds it, once', async () => {
    await halfWritten('purchases', 'sig-half', '{"signature":"sig-h');
    const ledger = fileLedger(dir);
    expect(await ledger.get('sig-half')).toBeNull();
    expect(warnings.join('\n')).toMatch(/sig-half\.json is half-written/);
    const claims = await Promise.all([ledger.create(purchaseRecord('sig-half', 'first')), ledger.create(purchaseRecord('sig-half', 'second'))]);
    expect(claims.filter(Boolean), 'two claims racing for it: one wins').toHaveLength(1);
    expect(['first', 'second']).toContain((await ledger.get('sig-half'))?.wallet);
    expect(await ledger.create(purchaseRecord('sig-half', 'third'))).toBe(false);
  });

  it('a half-written grant or checkout never blocks the browser for good: the next write replaces it', async () => {
    const ledger = fileLedger(dir);
    await ledger.grant(BROWSER, 'trailers/b', 'sig', TEST_CLUSTER);
    const [grantFile] = await readdir(join(dir, 'entitlements', BROWSER));
    await writeFile(join(dir, 'entitlements', BROWSER, grantFile!), '');
    expect(await ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual([]);
    await ledger.grant(BROWSER, 'trailers/b', 'sig', TEST_CLUSTER);
    expect(await ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/b']);

    await halfWritten('checkouts', 'ref-half');
    expect(await ledger.checkoutOf('ref-half')).toBeNull();
    expect(await ledger.recordCheckout(checkoutRecord('ref-half'))).toBe(true);
    expect((await ledger.checkoutOf('ref-half'))?.browser).toBe(BROWSER);
  });

  it('the pruner skips a file it cannot parse, says so, and still prunes the rest', async () => {
    await fileLedger(dir).recordCheckout(checkoutRecord('ref-gone', Date.now() - CHECKOUT_KEPT_MS - 1));
    await halfWritten('checkouts', 'ref-half', '{"expireAt":');
    // A fresh ledger (a restart) prunes on its first write.
    await fileLedger(dir).recordCheckout(checkoutRecord('ref-new'));
    expect((await readdir(join(dir, 'checkouts'))).sort()).toEqual(['ref-half.json', 'ref-new.json']);
    expect(warnings.join('\n')).toMatch(/pruning skipped .*ref-half\.json/);
  });
});
