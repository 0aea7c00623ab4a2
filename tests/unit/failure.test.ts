import { describe, expect, it } from 'vitest';
import { describeFailure } from '@/lib/failure';

describe('describeFailure: a failure as one log line', () => {
  it('keeps the name, message and causes, and drops the stack', () => {
    const error = new Error('failed to get transaction', { cause: new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }) });
    const line = describeFailure(error);
    expect(line).toBe('Error: failed to get transaction ← TypeError: fetch failed ← Error: ECONNREFUSED');
    expect(line).not.toContain('\n');
  });

  it('names a URL by its origin alone: paths and queries carry providers’ API keys', () => {
    const line = describeFailure(new Error('503 from https://rpc.example.com/v2/abc123secret?api-key=k3y and wss://ws.example.com/k3y'));
    expect(line).toBe('Error: 503 from https://rpc.example.com/… and wss://ws.example.com/…');
  });

  it('describes what is not an Error too', () => {
    expect(describeFailure({ InstructionError: [0, 'Custom'] })).toBe('{"InstructionError":[0,"Custom"]}');
    expect(describeFailure('plain words')).toBe('plain words');
  });
});
