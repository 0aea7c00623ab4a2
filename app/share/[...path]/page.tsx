import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SharePageBody } from '@/components/share/SharePageBody';
import { sharedTitle } from '../../_title/sharedTitle';

type Props = { params: Promise<{ path: string[] }> };

/**
 * A title's share page, where a Share button leads when it is not opened over the title (without JavaScript, in a
 * new tab, on a reload): the link to copy, and the share sheet. Never indexed: the title's own page is.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const shared = await sharedTitle((await params).path);
  // Decided here, before the page streams, so that a path naming no title or season answers 404.
  if (!shared) notFound();
  return { title: `Share ${shared.title}`, robots: { index: false, follow: true } };
}

export default async function SharePage({ params }: Props) {
  const shared = await sharedTitle((await params).path);
  if (!shared) notFound();
  return <SharePageBody {...shared} />;
}
