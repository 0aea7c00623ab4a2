/**
 * Chain calls a minute against 1, 10 and 100 polling browsers (issue 32: flat, not growing), measured by
 * chain-calls.ts in a process of its own: the payment code is server-only.
 */
import { spawnSync } from 'node:child_process';
import { PAYMENTS_LOOK_MS, SIGNATURE_LOOK_MS } from '../../lib/payments/look-intervals';

export interface ChainCalls {
  browsers: number;
  callsPerMinute: number;
  /** Calls a minute of each method. */
  byMethod: Record<string, number>;
}

/** What the intervals allow whatever the traffic: a payments look (the recipient and two references) and a signature batch each. */
export const CHAIN_CALLS_CEILING = (60_000 / PAYMENTS_LOOK_MS) * 3 + 60_000 / SIGNATURE_LOOK_MS;

export function measureChainCalls(): ChainCalls[] {
  const measured = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/bench/chain-calls.ts'], { encoding: 'utf8' });
  if (measured.status !== 0) throw new Error(`chain-calls failed: ${measured.stderr.slice(0, 300)}`);
  return JSON.parse(measured.stdout.trim().split('\n').at(-1)!) as ChainCalls[];
}
