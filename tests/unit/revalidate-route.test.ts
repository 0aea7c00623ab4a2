import { describe, expect, it, vi } from 'vitest';

// The embedded catalog as `npm run dev` runs it: no REVALIDATE_SECRET.
vi.hoisted(() => void delete process.env.REVALIDATE_SECRET);

const { POST } = await import('@/app/api/revalidate/route');
const NO_PARAMS = { params: Promise.resolve({}) };

describe('POST /api/revalidate on a site without REVALIDATE_SECRET', () => {
  it('refuses with a 4xx that says what to set, whatever the body, never a 5xx', async () => {
    for (const body of ['{"x":', '{}', '{"titles":["series/abc"]}']) {
      const response = await POST(
        new Request('http://localhost:3000/api/revalidate', {
          method: 'POST',
          headers: { authorization: 'Bearer anything-at-all-0123456789', 'content-type': 'application/json' },
          body,
        }),
        NO_PARAMS,
      );
      expect(response.status).toBe(404);
      expect((await response.json()).error).toMatch(/REVALIDATE_SECRET/);
    }
  });
});
