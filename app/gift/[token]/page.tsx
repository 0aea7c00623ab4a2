import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { GiftCard } from '@/components/gifts/GiftCard';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';
import { giftAt } from '@/lib/payments/gifts/gift-claim';

type Props = { params: Promise<{ token: string }> };

/** One read per request for metadata and page. */
const giftOf = cache(giftAt);

// A link naming no gift (malformed or unknown) is a 404, decided in metadata, before the page streams. Never indexed.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const gift = await giftOf((await params).token);
  if (!gift) notFound();
  return { title: `A gift: ${gift.title}`, robots: { index: false, follow: false } };
}

export default async function GiftPage({ params }: Props) {
  const { token } = await params;
  const gift = await giftOf(token);
  if (!gift) notFound();
  return (
    <PageBody width="narrow">
      <PageIntro eyebrow="A gift" title={gift.claimed ? 'Already claimed' : 'A gift for you'}>
        <p>{gift.claimed ? 'Someone already claimed this gift.' : 'A title on Solenema, paid for: claim it with any Solana wallet.'}</p>
      </PageIntro>
      <GiftCard token={token} gift={gift} />
    </PageBody>
  );
}
