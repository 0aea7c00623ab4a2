import { describe, expect, it, vi } from 'vitest';

const CRON_SECRET = vi.hoisted(() => (process.env.CRON_SECRET = 'unit-test-cron-secret-0123456789'));

const { GET } = await import('@/app/api/cron/catalog-sync/route');
const { BUDGETS } = await import('@/lib/http/client-budgets');
const { processState } = await import('@/lib/process-state');

/** The token the server's own schedule sends (lib/catalog/sync/service.ts keeps it in the process's registry). */
const ownToken = processState<{ token: string }>('catalog sync', () => {
  throw new Error('the sync route made no state');
}).token;
const NO_PARAMS = { params: Promise.resolve({}) };
const callWith = (bearer: string) =>
  GET(new Request('http://localhost:3000/api/cron/catalog-sync', { headers: { authorization: `Bearer ${bearer}` } }), NO_PARAMS);

describe('GET /api/cron/catalog-sync', () => {
  it("never refuses the server's own schedule for the rate: it calls after every burst of an operator's edits", async () => {
    for (let i = 0; i < BUDGETS.revalidate.points * 3; i += 1) expect((await callWith(ownToken)).status).toBe(200);
  });

  it('keeps a budget for the Cron Job secret, so a leaked secret cannot keep the catalog scanning', async () => {
    const statuses = [];
    for (let i = 0; i <= BUDGETS.revalidate.points; i += 1) statuses.push((await callWith(CRON_SECRET)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });
});
