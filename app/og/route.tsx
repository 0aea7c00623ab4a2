import { ImageResponse } from 'next/og';
import { z } from 'zod';
import { errorResponse } from '@/lib/http/json';

const querySchema = z.object({
  title: z.string().trim().min(1).max(120),
  kind: z.enum(['Trailer', 'Documentary', 'Series', 'Season', 'Short film', 'Solenema']).default('Solenema'),
});

/** The Open Graph card of a title that has no cover: its name on the site's gradient, 1200×630. */
export function GET(request: Request) {
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return errorResponse(400, 'Expected ?title= (1–120 characters) and an optional ?kind=.');
  const { title, kind } = query.data;
  return new ImageResponse(
    (
      <div
        style={{
          width: '100%',
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          padding: 72,
          color: '#f4f4f7',
          background: 'radial-gradient(circle at 20% 10%, #4b1d87 0%, #121219 55%, #09090d 100%)',
        }}
      >
        <div style={{ display: 'flex', fontSize: 30, letterSpacing: 8, color: '#b69cff' }}>{kind.toUpperCase()}</div>
        <div style={{ display: 'flex', fontSize: title.length > 40 ? 64 : 88, fontWeight: 700, lineHeight: 1.05 }}>{title}</div>
        <div style={{ display: 'flex', fontSize: 32, letterSpacing: 12, color: '#b0b0c3' }}>SOLENEMA</div>
      </div>
    ),
    { width: 1200, height: 630, headers: { 'Cache-Control': 'public, max-age=86400, immutable' } },
  );
}
