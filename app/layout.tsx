import type { Metadata, Viewport } from 'next';
import { after } from 'next/server';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { SiteHeader } from '@/components/layout/SiteHeader';
import { PurchasesProvider } from '@/components/payment/PurchasesProvider';
import { PlayerProvider } from '@/components/player/PlayerProvider';
import { FieldInsightSlot } from '@/components/analytics/FieldInsightSlot';
import { LinkNavigator } from '@/components/ui/LinkNavigator';
import { keepCatalogFresh } from '@/lib/catalog';
import { COVER_FALLBACK_SCRIPT } from '@/lib/catalog/default-cover';
import { env } from '@/lib/env/server';
import './globals.css';
import styles from './layout.module.css';

export const metadata: Metadata = {
  metadataBase: new URL(env.NEXT_PUBLIC_SITE_URL),
  applicationName: 'Solenema',
  title: { default: 'Solenema', template: '%s · Solenema' },
  description: 'Stream trailers, documentaries, series and short films. Free titles play at once; the rest unlock with Solana.',
};

export const viewport: Viewport = { themeColor: '#09090d', colorScheme: 'dark' };

/**
 * React streams large sections after the footer and moves them into place with a script. Without
 * JavaScript, show them where they arrive (before the footer, in order) and drop the placeholders.
 */
const NO_SCRIPT_CSS = 'body>div[hidden][id^="S:"]{display:block;order:1}body>footer{order:2}[data-skeleton]{display:none}';

/** `share`: a title's share page opened over the title as a dialog (app/@share), or nothing. */
export default function RootLayout({ children, share }: { children: React.ReactNode; share: React.ReactNode }) {
  // Where no listener runs (Vercel), the pages visitors open bring the operator's edits in (lib/catalog/upkeep.ts).
  after(keepCatalogFresh);
  return (
    <html lang="en">
      <head>
        <script dangerouslySetInnerHTML={{ __html: COVER_FALLBACK_SCRIPT }} />
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
      </head>
      <body>
        <a href="#main" className={styles.skipLink}>
          Skip to content
        </a>
        <PurchasesProvider>
          <PlayerProvider>
            <SiteHeader />
            <main id="main" className={styles.main}>
              {children}
            </main>
            <SiteFooter />
            {share}
          </PlayerProvider>
          <FieldInsightSlot />
        </PurchasesProvider>
        <LinkNavigator />
      </body>
    </html>
  );
}
