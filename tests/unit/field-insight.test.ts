import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsightEvent } from '@/lib/analytics/track';

const CONFIG = {
  NEXT_PUBLIC_FIREBASE_API_KEY: 'key',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'project',
  NEXT_PUBLIC_FIREBASE_APP_ID: '1:2:web:3',
  NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-TEST',
};

/** A fresh track module, read with these settings (they are build-time constants in the site). */
async function trackWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('@/lib/analytics/track');
}

const play: InsightEvent = { name: 'play_started', params: { video_path: 'trailers/a' } };
const search: InsightEvent = { name: 'search_no_results', params: { search_term: 'zz' } };

describe('track', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps events until the SDK is connected, then hands them over in order, and the next ones at once', async () => {
    const { track, connectInsight } = await trackWith(CONFIG);
    const sent: InsightEvent[] = [];
    track(play);
    track(search);
    connectInsight((event) => sent.push(event));
    track(play);
    expect(sent).toEqual([play, search, play]);
  });

  it('records nothing at all without the whole Firebase config', async () => {
    const { track, connectInsight } = await trackWith({ ...CONFIG, NEXT_PUBLIC_FIREBASE_APP_ID: '' });
    const sent: InsightEvent[] = [];
    track(play);
    connectInsight((event) => sent.push(event));
    track(search);
    expect(sent).toEqual([]);
  });

  it('drops what waits and everything after, once the visitor opts out', async () => {
    const { track, connectInsight, silenceInsight } = await trackWith(CONFIG);
    const sent: InsightEvent[] = [];
    track(play);
    silenceInsight();
    track(search);
    connectInsight((event) => sent.push(event));
    expect(sent).toEqual([]);
  });
});
