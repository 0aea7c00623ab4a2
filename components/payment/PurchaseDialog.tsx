'use client';

import { useConnection } from '@solana/wallet-adapter-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  PaymentApiError,
  grantOf,
  unlockWithScreener,
  type CodeQuoteAnswer,
  type EntitlementsAnswer,
  type VerifyAnswer,
  type VideoRef,
} from '@/lib/payments/browser/api';
import { purchase, type PurchaseStage } from '@/lib/payments/browser/purchase';
import { isFinalVerdict } from '@/lib/payments/browser/verdict';
import { isPreorder, NOT_FOR_SALE } from '@/lib/payments/checkout/offer-words';
import { ModalDialog } from '../dialog/ModalDialog';
import { configureHls } from '../player/hlsDefaults';
import { VideoPlayer } from '../player/VideoPlayer';
import { PaymentNotice, type Notice } from './PaymentNotice';
import type { PurchaseRequest } from './PurchasesContext';
import { formatAmount, type Amount } from '@/lib/catalog/pricing';
import { shortAddress } from '@/lib/payments/display';
import { clusterLabel } from '@/lib/payments/chain/cluster';
import { track } from '@/lib/analytics/track';
import { reportViewing } from '@/lib/analytics/viewing';
import { CodeField } from './CodeField';
import { OfferChoice } from './OfferChoice';
import { OpenInPhantom } from './OpenInPhantom';
import { GiftReady } from './GiftReady';
import { PaymentReceipt } from './PaymentReceipt';
import { SolanaPayPanel } from './SolanaPayPanel';
import { useTransferRequest } from './useTransferRequest';
import { INSTALL_PHANTOM, isPhoneBrowser, usePhantom } from './usePhantom';
import { WalletProviders } from './WalletProviders';
import button from '../ui/button.module.css';
import styles from './PurchaseDialog.module.css';

const STAGE_TEXT: Record<PurchaseStage, string> = {
  checkout: 'Preparing your checkout…',
  signing: 'Approve the payment in Phantom…',
  renewing: 'That transaction expired before it was sent, and nothing was charged: approve the fresh one in Phantom…',
  confirming: 'Confirming on Solana…',
  verifying: 'Verifying your payment…',
};

const FAILED: Notice = { tone: 'error', text: 'Transaction failed. Please try again.' };

type Props = {
  /** The title and its offers as its page shows them: each is shown at its price until its checkout answers with its own terms. */
  request: PurchaseRequest;
  onClose: () => void;
  onGranted: (answer: EntitlementsAnswer) => void;
};

/** The purchase dialog, loaded on the first click of a pay button with the wallet code it needs. */
export default function PurchaseDialog(props: Props) {
  // Only a title whose price is malformed has no offer: it is never sold at a guessed price.
  if (props.request.offers.length === 0) {
    return (
      <ModalDialog title={props.request.title} onClose={props.onClose} size="narrow" closeLabel="Close purchase">
        <div className={styles.body}>
          <p>{NOT_FOR_SALE}.</p>
        </div>
      </ModalDialog>
    );
  }
  return (
    <WalletProviders>
      <PurchaseFlow {...props} />
    </WalletProviders>
  );
}

function PurchaseFlow({ request, onClose, onGranted }: Props) {
  const { available, installed, mobileWalletAdapter, connectPhantom, connectMobileWallet, connected, connecting, publicKey, signTransaction } = usePhantom();
  // This dialog only renders in the browser (it is loaded on the first pay click), so navigator is there.
  const phone = isPhoneBrowser(navigator.userAgent);
  const phoneWithoutPhantom = !installed && phone;
  const { connection } = useConnection();
  const [stage, setStage] = useState<PurchaseStage | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [video, setVideo] = useState<VideoRef | null>(null);
  const [paid, setPaid] = useState<{ signature: string; price: Amount } | null>(null);
  const [giftLink, setGiftLink] = useState<string | null>(null);
  const { offers } = request;
  // A title not out yet: charged now, it plays from its release date.
  const payWords = isPreorder(offers) ? 'Pre-order' : 'Pay to Watch';
  const [chosen, setChosen] = useState(0);
  const [asGift, setAsGift] = useState(false);
  // The offer both ways to pay check out: the Phantom pay and the QR code's checkout.
  const chosenOffer = offers[chosen] ?? offers[0]!;
  // A code applies to the offer it was checked for; the checkouts of both ways to pay are then at its price.
  const [quote, setQuote] = useState<{ for: string; quote: CodeQuoteAnswer } | null>(null);
  const offerKey = `${chosenOffer.kind} ${chosenOffer.path}`;
  const applied = quote?.for === offerKey ? quote.quote : null;
  const paidCode = applied && !applied.screener ? applied.code : undefined;
  // A gift is bought to own, and paid: a screener unlocks this browser, it gives nothing to send.
  const giftable = chosenOffer.kind === 'buy' && !applied?.screener;
  const gift = asGift && giftable;
  const offer = useMemo(() => ({ ...chosenOffer, code: paidCode, gift }), [chosenOffer, paidCode, gift]);

  const titlePath = request.purchasePath;
  useEffect(() => {
    track({ name: 'purchase_started', params: { title_path: titlePath } });
    reportViewing('dialog', titlePath);
  }, [titlePath]);
  // A stream plays once paid: its player's code (hls.js) comes while the buyer pays, not after (issue 44).
  const stream = request.stream;
  useEffect(() => void (stream && configureHls()), [stream]);

  const showPaid = useCallback(
    (answer: VerifyAnswer, method: 'phantom' | 'solana_pay') => {
      track({ name: 'purchase_completed', params: { title_path: answer.path, method } });
      setPaid({ signature: answer.signature, price: answer.price });
      // A gift unlocks nothing here: its link is what was bought.
      if (answer.gift) return setGiftLink(answer.gift.link);
      onGranted(grantOf(answer));
      // The card's own video when one was clicked, else where the title starts; its link is asked for as it plays.
      setVideo(request.playPath ? { path: request.playPath, title: request.title } : answer.play);
    },
    [onGranted, request.playPath, request.title],
  );
  const transfer = useTransferRequest(
    offer,
    useCallback((answer: VerifyAnswer) => showPaid(answer, 'solana_pay'), [showPaid]),
  );
  const refused = transfer.phase === 'refused';
  useEffect(() => {
    if (refused) track({ name: 'purchase_failed', params: { title_path: titlePath, method: 'solana_pay' } });
  }, [refused, titlePath]);

  const connect = () => {
    setNotice(available ? null : { tone: 'error', text: INSTALL_PHANTOM, guide: true });
    if (available) void connectPhantom();
  };

  const pay = async () => {
    if (!connected || !publicKey || !signTransaction) {
      setNotice({ tone: 'error', text: 'Connect your wallet first!' });
      return;
    }
    setNotice(null);
    let reached: PurchaseStage | null = null;
    const onStage = (next: PurchaseStage) => {
      reached = next;
      setStage(next);
    };
    try {
      const answer = await purchase(offer, { publicKey, signTransaction }, connection, onStage);
      console.info('[purchase] verified', answer.signature, answer.timings);
      transfer.settled();
      showPaid(answer, 'phantom');
    } catch (error) {
      console.error('[purchase] failed', error);
      track({ name: 'purchase_failed', params: { title_path: request.purchasePath, method: 'phantom' } });
      // Kept by browser/pending.ts unless the server refused it for good: finished on the next visit.
      const paidButUnverified = error instanceof PaymentApiError && !isFinalVerdict(error, Date.now()) && reached === 'verifying';
      // Refused before anything was signed (the store paused, the title not for sale in USDC): the server's reason.
      const refusedAtCheckout = error instanceof PaymentApiError && error.fromServer && reached === 'checkout';
      setNotice(
        paidButUnverified
          ? { tone: 'info', text: 'Payment sent. We could not verify it yet; it will unlock automatically on your next visit.' }
          : refusedAtCheckout
            ? { tone: 'error', text: error.message }
            : FAILED,
      );
    } finally {
      setStage(null);
    }
  };

  /** A screener code: the title unlocks with no payment, and plays. */
  const unlock = async (code: string) => {
    setNotice(null);
    setStage('checkout');
    try {
      const answer = await unlockWithScreener(offer.path, offer.kind, code);
      onGranted({ paths: [answer.path], rentals: [] });
      const play = request.playPath ? { path: request.playPath, title: request.title } : answer.play;
      if (play) setVideo(play);
      else setNotice({ tone: 'info', text: `Unlocked with code ${answer.code}.` });
    } catch (error) {
      setNotice(error instanceof PaymentApiError && error.fromServer ? { tone: 'error', text: error.message } : FAILED);
    } finally {
      setStage(null);
    }
  };
  if (giftLink && paid) {
    return (
      <ModalDialog title={`A gift: ${request.title}`} onClose={onClose} size="narrow" closeLabel="Close gift">
        <GiftReady link={giftLink}>
          <PaymentReceipt signature={paid.signature} price={paid.price} network={transfer.terms?.network ?? null} onLeave={onClose} />
        </GiftReady>
      </ModalDialog>
    );
  }

  if (video) {
    return (
      <ModalDialog title={video.title} onClose={onClose} closeLabel="Close player">
        <VideoPlayer src="" title={video.title} videoPath={video.path} watch={{ path: video.path, title: video.title, cover: null }} />
        {paid && <PaymentReceipt signature={paid.signature} price={paid.price} network={transfer.terms?.network ?? null} onLeave={onClose} />}
      </ModalDialog>
    );
  }

  const busy = stage !== null || connecting;
  // The checkout's own price once it answers: a buyer who rented the title is charged the difference.
  const charged = transfer.terms?.price ?? applied?.price ?? offer.price;
  const credited = !applied && offer.kind === 'buy' && charged.currency === offer.price.currency && charged.units < offer.price.units;
  const price = applied?.screener ? 'Free (screener)' : formatAmount(charged);
  // The cluster is the server's finding (its RPC's genesis hash), so it is only named once the checkout answers.
  const network = transfer.terms ? clusterLabel(transfer.terms.network) : transfer.phase === 'unavailable' ? 'Unavailable just now' : 'Checking…';
  const shownNotice = notice ?? (transfer.phase === 'refused' ? FAILED : null);
  return (
    <ModalDialog title={request.title} onClose={onClose} size="narrow" closeLabel="Close purchase">
      <div className={styles.body}>
        {offers.length > 1 ? (
          <OfferChoice offers={offers} chosen={chosen} onChoose={setChosen} disabled={busy} />
        ) : (
          <p className={styles.covers}>{offer.covers}</p>
        )}
        <dl className={styles.terms}>
          <div>
            <dt>Price</dt>
            <dd data-testid="purchase-price">{price}</dd>
          </div>
          <div>
            <dt>Network</dt>
            <dd data-testid="purchase-network">{network}</dd>
          </div>
          {publicKey && connected && (
            <div>
              <dt>Wallet</dt>
              <dd data-testid="connected-wallet" title={publicKey.toBase58()}>
                {shortAddress(publicKey.toBase58())}
              </dd>
            </div>
          )}
        </dl>
        {credited && (
          <p className={styles.credit} data-testid="purchase-credit">
            Your rental counts toward owning it: you pay the difference, {price} of {formatAmount(offer.price)}.
          </p>
        )}
        <CodeField
          path={offer.path}
          kind={offer.kind}
          applied={applied}
          onApplied={(next) => setQuote(next && { for: offerKey, quote: next })}
          disabled={busy}
        />
        {giftable && (
          <label className={styles.giftChoice}>
            <input type="checkbox" checked={asGift} onChange={(event) => setAsGift(event.target.checked)} disabled={busy} />
            Buy as a gift
          </label>
        )}
        <p className={styles.explain}>
          {gift
            ? 'You get a link to send: the first wallet that opens it and signs owns the title. It does not unlock here.'
            : offer.releases
              ? 'A pre-order: paid now, yours in this browser, and it plays from its release date; restore it anywhere from the wallet guide.'
              : 'One payment unlocks it in this browser; restore it anywhere from the wallet guide.'}
        </p>
        {applied?.screener ? (
          <div className={styles.actions}>
            <button type="button" className={`${button.button} ${button.solana}`} onClick={() => void unlock(applied.code)} disabled={busy}>
              Unlock with code
            </button>
          </div>
        ) : phoneWithoutPhantom && !connected ? (
          <>
            <OpenInPhantom purchasePath={request.purchasePath} />
            {mobileWalletAdapter && (
              <div className={styles.actions}>
                <button type="button" className={`${button.button} ${button.ghost}`} onClick={connectMobileWallet} disabled={busy}>
                  {connecting ? 'Connecting…' : 'Use a wallet app on this phone'}
                </button>
              </div>
            )}
          </>
        ) : (
          <div className={styles.actions}>
            {connected ? (
              <button type="button" className={`${button.button} ${button.solana}`} onClick={pay} disabled={busy}>
                {payWords}
              </button>
            ) : (
              <>
                <button type="button" className={`${button.button} ${button.solana}`} onClick={connect} disabled={busy}>
                  {connecting ? 'Connecting…' : 'Connect Phantom Wallet'}
                </button>
                <button type="button" className={`${button.button} ${button.ghost}`} onClick={pay} disabled={busy}>
                  {payWords}
                </button>
              </>
            )}
          </div>
        )}
        {stage && (
          <p className={styles.progress} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            {STAGE_TEXT[stage]}
          </p>
        )}
        {shownNotice && <PaymentNotice notice={shownNotice} />}
        {!applied?.screener && (
          <SolanaPayPanel
            request={transfer.request}
            price={price}
            phase={transfer.phase}
            reason={transfer.reason}
            checkAgain={transfer.checkAgain}
            phone={phone}
          />
        )}
      </div>
    </ModalDialog>
  );
}
