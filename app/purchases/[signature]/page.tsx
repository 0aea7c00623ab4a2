import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PageBody } from '@/components/layout/PageBody';
import { ConfirmPurchases } from '@/components/receipts/ConfirmPurchases';
import { ReceiptSheet } from '@/components/receipts/ReceiptSheet';
import { ReceiptsBusy } from '@/components/receipts/ReceiptsBusy';
import { siteExplorer } from '@/lib/payments/wiring';
import { currentVisitor } from '@/lib/identity/visitor-cookies';
import { receiptOf } from '@/lib/payments/ownership/ownership';

type Props = { params: Promise<{ signature: string }> };

/** This browser's receipt of one payment, or why none was read: metadata and page share one look per request. */
const receiptFor = cache(async (signature: string) => receiptOf(await currentVisitor(), signature));

const NOINDEX = { index: false, follow: false };

// Drawn per browser from its cookie (so never cached, never shared) and never indexed. A browser that does not hold
// what the payment bought gets the 404 page, never someone else's receipt: decided here, as metadata is resolved
// before the page streams, so the answer is a 404 too. A browser without the owner proof reads nothing (it is sent
// to confirm itself first), nor one that opened too many receipts this minute.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { access, receipt } = await receiptFor((await params).signature);
  if (access === 'confirm' || access === 'limited') return { title: 'Receipt', robots: NOINDEX };
  if (!receipt) notFound();
  return { title: `Receipt: ${receipt.title}`, robots: NOINDEX };
}

export default async function ReceiptPage({ params }: Props) {
  const { access, receipt } = await receiptFor((await params).signature);
  if (access === 'confirm') {
    return (
      <PageBody width="narrow">
        <ConfirmPurchases empty="This browser holds nothing this payment bought." />
      </PageBody>
    );
  }
  if (access === 'limited') {
    return (
      <PageBody width="narrow">
        <ReceiptsBusy />
      </PageBody>
    );
  }
  if (!receipt) notFound();
  return (
    <PageBody width="narrow">
      <ReceiptSheet receipt={receipt} explorer={await siteExplorer()} />
    </PageBody>
  );
}
