import { describe, expect, it } from 'vitest';
import { publicCoverCheck } from '@/lib/catalog/cover-check';

describe('publicCoverCheck', () => {
  const exists = publicCoverCheck();

  it('knows a shipped cover exists and a broken path does not', () => {
    expect(exists('/default-cover.jpg')).toBe(true);
    expect(exists('/media/covers/missing/not-here.jpg')).toBe(false);
  });

  it('leaves remote covers to the browser', () => {
    expect(exists('https://images.example.com/cover.jpg')).toBe(true);
  });
});
