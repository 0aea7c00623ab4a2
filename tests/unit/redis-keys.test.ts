import { afterEach, describe, expect, it, vi } from 'vitest';

/** lib/http/redis.ts as a deployment with these settings loads it. */
async function keysOf(settings: Record<string, string>) {
  vi.resetModules();
  for (const name of ['REDIS_NAMESPACE', 'VERCEL_ENV', 'VERCEL_DEPLOYMENT_ID']) vi.stubEnv(name, settings[name] ?? '');
  return (await import('@/lib/http/redis')).redisKey;
}

afterEach(() => void vi.unstubAllEnvs());

describe('Redis keys name their deployment, so deployments sharing one REDIS_URL never read each other’s', () => {
  it('files production’s keys under "production", whatever the deployment, so limits outlive a deploy', async () => {
    expect((await keysOf({ VERCEL_ENV: 'production', VERCEL_DEPLOYMENT_ID: 'dpl_a' }))('rate', 'checkout')).toBe('solenema:production:rate:checkout');
  });

  it('gives each preview deployment keys of its own', async () => {
    const preview = await keysOf({ VERCEL_ENV: 'preview', VERCEL_DEPLOYMENT_ID: 'dpl_b' });
    expect(preview('payments', 'cluster-hash')).toBe('solenema:dpl_b:payments:cluster-hash');
  });

  it('takes REDIS_NAMESPACE over both, and "site" with neither (one next start)', async () => {
    expect((await keysOf({ REDIS_NAMESPACE: 'staging', VERCEL_ENV: 'production' }))('lock', 'x')).toBe('solenema:staging:lock:x');
    expect((await keysOf({}))('lock', 'x')).toBe('solenema:site:lock:x');
  });
});
