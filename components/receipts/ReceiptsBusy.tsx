import guides from '@/components/guides/guides.module.css';

/** A browser that opened its receipts more than RECEIPT_PAGES_PER_MINUTE times a minute (lib/payments/ownership/ownership.ts): told to wait, nothing read. */
export function ReceiptsBusy() {
  return (
    <p className={guides.sectionText} role="alert">
      This browser opened its receipts many times in the last minute; they are safe. Please reload in a minute.
    </p>
  );
}
