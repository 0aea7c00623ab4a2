import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';
import { ShareSheet } from '@/components/share/ShareSheet';
import { BackLink } from '@/components/ui/BackLink';
import { notFoundMetadata } from '@/lib/seo/metadata';
import { sharedTitle } from '../../_title/sharedTitle';

type Props = { params: Promise<{ path: string[] }> };

/**
 * A title's share page, where a Share button leads when it is not opened over the title (without JavaScript, in a
 * new tab, on a reload): the link to copy, and the share sheet. Never indexed: the title's own page is.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const shared = await sharedTitle((await params).path);
  return shared ? { title: `Share ${shared.title}`, robots: { index: false, follow: true } } : notFoundMetadata;
}

export default async function SharePage({ params }: Props) {
  const shared = await sharedTitle((await params).path);
  if (!shared) return <NotFoundPage />;
  return (
    <PageBody width="narrow">
      <BackLink href={shared.page}>Back to {shared.title}</BackLink>
      <PageIntro eyebrow="Share" title={shared.title}>
        <p>Post this link anywhere: where a wallet can pay from a post, it shows the title&apos;s price and Buy button.</p>
      </PageIntro>
      <ShareSheet url={shared.url} title={shared.title} />
    </PageBody>
  );
}
