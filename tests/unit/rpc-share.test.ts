import { afterAll, describe, expect, it, vi } from 'vitest';

// A small global budget: 20 calls a minute, so one payer's share (a fifth) is 4.
vi.hoisted(() => {
  process.env.RPC_CALLS_PER_MINUTE = '20';
});
afterAll(() => {
  delete process.env.RPC_CALLS_PER_MINUTE;
});

const { payingFor, takeRpcCall } = await import('@/lib/payments/chain/rpc-share');

const take = (times: number) => Promise.all(Array.from({ length: times }, () => takeRpcCall()));

describe('takeRpcCall: the global RPC budget, and restores’ shares of it', () => {
  it('refuses one client repeating restores past its share and still serves the next one', async () => {
    const repeater = await payingFor(['client:repeater', 'wallet:R'], () => take(10));
    expect(repeater.filter(Boolean)).toHaveLength(4);
    expect(await payingFor(['client:next', 'wallet:N'], () => take(4))).toEqual([true, true, true, true]);
  });

  it('charges a restore’s wallet as well as its client: repeating from fresh addresses stops at the wallet’s share', async () => {
    const answers: boolean[] = [];
    for (let client = 0; client < 4; client += 1) {
      answers.push(...(await payingFor([`client:fresh-${client}`, 'wallet:W'], () => take(2))));
    }
    expect(answers.filter(Boolean)).toHaveLength(4);
  });

  it('stops everyone together only at the global budget', async () => {
    let served = 0;
    // The tests above took 12 of the minute's 20 calls.
    for (let payer = 0; payer < 10; payer += 1) served += (await payingFor([`client:many-${payer}`], () => take(4))).filter(Boolean).length;
    expect(served).toBe(20 - 12);
  });
});
