import { afterAll, describe, expect, it, vi } from 'vitest';

// A small global budget: 20 calls a minute, so one payer's share (a fifth) is 4.
vi.hoisted(() => {
  process.env.RPC_CALLS_PER_MINUTE = '20';
});
afterAll(() => {
  delete process.env.RPC_CALLS_PER_MINUTE;
});

const { payingFor, takeRpcCall } = await import('@/lib/payments/rpc-share');

const take = (times: number) => Promise.all(Array.from({ length: times }, () => takeRpcCall()));

describe('takeRpcCall: the global RPC budget shared fairly', () => {
  it('refuses one browser past its share and still serves the next buyer', async () => {
    const repeater = await payingFor(['browser:repeater'], () => take(10));
    expect(repeater.filter(Boolean)).toHaveLength(4);
    expect(await payingFor(['browser:buyer'], () => take(4))).toEqual([true, true, true, true]);
  });

  it('charges a restore’s wallet as well as its browser: repeating from fresh browsers stops at the wallet’s share', async () => {
    const answers: boolean[] = [];
    for (let browser = 0; browser < 4; browser += 1) {
      answers.push(...(await payingFor([`browser:fresh-${browser}`], () => payingFor(['wallet:W'], () => take(2)))));
    }
    expect(answers.filter(Boolean)).toHaveLength(4);
  });

  it('stops everyone together only at the global budget', async () => {
    let served = 0;
    // The tests above took 12 of the minute's 20 calls.
    for (let payer = 0; payer < 10; payer += 1) served += (await payingFor([`browser:many-${payer}`], () => take(4))).filter(Boolean).length;
    expect(served).toBe(20 - 12);
  });
});
