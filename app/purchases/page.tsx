import type { Metadata } from 'next';
import { GuideSection } from '@/components/guides/GuideSection';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';
import { RestorePurchasesButton } from '@/components/payment/RestorePurchasesButton';
import { ConfirmPurchases } from '@/components/receipts/ConfirmPurchases';
import { GiftList } from '@/components/receipts/GiftList';
import { ReceiptList } from '@/components/receipts/ReceiptList';
import { ReceiptsBusy } from '@/components/receipts/ReceiptsBusy';
import { IntentLink } from '@/components/ui/IntentLink';
import guides from '@/components/guides/guides.module.css';
import button from '@/components/ui/button.module.css';
import { receiptsOf } from '@/lib/payments/ownership/ownership';
import { giftsGivenBy } from '@/lib/payments/gifts/gift-claim';
import { currentVisitor } from '@/lib/identity/visitor-cookies';
import { siteExplorer } from '@/lib/payments/wiring';
import { routes } from '@/lib/routes';

// This browser's own page: never indexed, never shared between visitors (reading the cookie makes it dynamic).
export const metadata: Metadata = { title: 'My purchases', robots: { index: false, follow: false } };

const NOTHING_YET = 'Nothing here yet. Titles you unlock in this browser are listed here with their receipts.';

async function loadReceipts() {
  const visitor = await currentVisitor();
  try {
    const receipts = await receiptsOf(visitor);
    // Under the receipts' own bound: a browser past it (or not proven an owner) reads no gift either.
    const gifts = receipts.access === 'read' ? await giftsGivenBy(visitor) : [];
    return { ...receipts, gifts };
  } catch (error) {
    console.error('[purchases] could not read the ledger', error);
    return null;
  }
}

export default async function PurchasesPage() {
  const loaded = await loadReceipts();
  return (
    <PageBody>
      <PageIntro eyebrow="Receipts" title="My purchases">
        <p>What this browser has unlocked, with the Solana transaction that paid for each.</p>
      </PageIntro>
      {loaded === null ? (
        <p className={guides.sectionText} role="alert">
          Your purchases could not be loaded just now; they are safe. Please reload in a moment.
        </p>
      ) : loaded.access === 'limited' ? (
        <ReceiptsBusy />
      ) : loaded.access === 'confirm' ? (
        <ConfirmPurchases empty={NOTHING_YET} />
      ) : loaded.receipts.length > 0 ? (
        <ReceiptList receipts={loaded.receipts} explorer={await siteExplorer()} />
      ) : loaded.gifts.length > 0 ? null : (
        <div className={guides.cta}>
          <p className={guides.sectionText}>{NOTHING_YET}</p>
          <IntentLink href={routes.home} className={`${button.button} ${button.primary}`}>
            Browse titles
          </IntentLink>
        </div>
      )}
      {loaded && loaded.gifts.length > 0 && (
        <GuideSection id="gifts" title="Gifts you bought">
          <p className={guides.sectionText}>Send each link to the person it is for: the first wallet that opens it and signs owns the title.</p>
          <GiftList gifts={loaded.gifts} />
        </GuideSection>
      )}
      <GuideSection id="restore" title="Bought in another browser?">
        <p className={guides.sectionText}>
          Purchases belong to the wallet that paid. Connect it and sign a one-time message (free, no funds move) to list and unlock here everything it bought.
        </p>
        <div className={guides.cta}>
          <RestorePurchasesButton />
        </div>
      </GuideSection>
    </PageBody>
  );
}
