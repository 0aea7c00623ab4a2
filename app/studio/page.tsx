import type { Metadata } from 'next';
import { after } from 'next/server';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';
import { StudioDashboard } from '@/components/studio/StudioDashboard';
import { StudioSignIn } from '@/components/studio/StudioSignIn';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { describeFailure } from '@/lib/failure';
import { watchRecipientPayments } from '@/lib/payments/confirm/confirm-payment';
import { currentStudioWallet } from '@/lib/studio/access';
import { salesCursorOf } from '@/lib/studio/cursor';
import { lastDays, rangeOf } from '@/lib/studio/range';
import { STUDIO_REFRESH_SECONDS } from '@/lib/studio/refresh';
import { studioView } from '@/lib/studio/view';

// The operator's page: never indexed, never cached (reading the cookie makes it dynamic, and answers no-store).
export const metadata: Metadata = { title: 'Studio', robots: { index: false, follow: false } };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

export default async function StudioPage({ searchParams }: { searchParams: Promise<Query> }) {
  const wallet = await currentStudioWallet();
  if (!wallet) {
    // Nothing of the figures is read, drawn or sent without a session: the sign-in only.
    return (
      <PageBody width="narrow">
        <PageIntro eyebrow="Studio" title="Sign in to the studio">
          <p>
            The studio shows what sold, what was watched and what was paid but not claimed. Sign in with the wallet payments go to, or a wallet listed in
            STUDIO_WALLETS, by signing a one-time message: free, and no funds move.
          </p>
        </PageIntro>
        <StudioSignIn />
      </PageBody>
    );
  }
  // One look per interval however many studios refresh: the watch only keeps the recipient's history read.
  after(() =>
    watchRecipientPayments(STUDIO_REFRESH_SECONDS * 1000).catch((error: unknown) =>
      console.error(`[studio] could not watch the recipient: ${describeFailure(error)}`),
    ),
  );
  const query = await searchParams;
  const asked = rangeOf(one(query.from), one(query.to));
  const title = titlePathSchema.safeParse(one(query.title) ?? '');
  const view = await studioView(asked.ok ? asked.range : lastDays(30), title.success ? title.data : null, salesCursorOf(one(query.after)));
  return (
    <PageBody width="wide">
      <StudioDashboard wallet={wallet} problem={asked.ok ? null : asked.reason} view={view} />
    </PageBody>
  );
}
