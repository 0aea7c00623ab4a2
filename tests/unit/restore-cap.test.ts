import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { RESTORE_BROWSERS_PER_DAY, RESTORE_CAP_SECONDS, restoreCap } from '@/lib/payments/ownership/restore-cap';

const freshCap = () => {
  const browsers = new RateLimiterMemory({ points: RESTORE_BROWSERS_PER_DAY, duration: RESTORE_CAP_SECONDS });
  const counted = new RateLimiterMemory({ points: 1, duration: RESTORE_CAP_SECONDS });
  return restoreCap({ browsers: () => browsers, counted: () => counted });
};

describe('restoreCap: a wallet restores into a bounded number of browsers a day', () => {
  it(`admits ${RESTORE_BROWSERS_PER_DAY} browsers, then refuses the next one with the wait until the day is over`, async () => {
    const admit = freshCap();
    for (let i = 0; i < RESTORE_BROWSERS_PER_DAY; i += 1) expect(await admit('wallet-a', `browser-${i}`)).toEqual({ ok: true });
    const refused = await admit('wallet-a', 'browser-extra');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.msBeforeNext).toBeGreaterThan((RESTORE_CAP_SECONDS - 60) * 1000);
  });

  it('lets a browser already counted today restore again for free, and counts each wallet apart', async () => {
    const admit = freshCap();
    for (let i = 0; i < RESTORE_BROWSERS_PER_DAY; i += 1) await admit('wallet-a', `browser-${i}`);
    expect(await admit('wallet-a', 'browser-0')).toEqual({ ok: true });
    expect(await admit('wallet-a', `browser-${RESTORE_BROWSERS_PER_DAY - 1}`)).toEqual({ ok: true });
    expect(await admit('wallet-b', 'browser-extra')).toEqual({ ok: true });
    expect((await admit('wallet-a', 'browser-extra')).ok).toBe(false);
  });

  it('does not count a refused browser: it stays refused, and does not use up a later day', async () => {
    const admit = freshCap();
    for (let i = 0; i <= RESTORE_BROWSERS_PER_DAY + 2; i += 1) await admit('wallet-a', `browser-${i}`);
    expect((await admit('wallet-a', `browser-${RESTORE_BROWSERS_PER_DAY + 1}`)).ok).toBe(false);
  });
});
