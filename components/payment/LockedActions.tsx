'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { FreePlayButton } from '../player/FreePlayButton';
import button from '../ui/button.module.css';
import cards from '../cards/cards.module.css';
import { PayWithSolanaButton } from './PayWithSolanaButton';
import { usePurchases, type PurchaseRequest } from './PurchasesContext';
import { onDemand } from '../ui/onDemand';

// Only a browser that rents something shows how long is left: most visits never load it.
const RentalNote = onDemand(() => import('./RentalNote'));

/**
 * What a locked title offers a browser that may not play it: the pay button with its offers, after "Your rental
 * ended" where this browser rented it (the server no longer lets it play); nothing where it is not for sale (no
 * offers: the page says so).
 */
function PayActions(request: PurchaseRequest) {
  const rental = usePurchases().rentalOf(request.playPath ?? request.purchasePath);
  if (request.offers.length === 0) return null;
  return (
    <>
      {rental && <RentalNote rental={rental} ended />}
      <PayWithSolanaButton {...request} />
    </>
  );
}

/** How long a rented title has left, beside its play control; nothing for one owned for good. */
function RentalLeft({ path }: { path: string }) {
  const { rentalOf, readAt } = usePurchases();
  const rental = rentalOf(path);
  return rental && rental.endsAt > readAt ? <RentalNote rental={rental} ended={false} /> : null;
}

type Offered = { purchasePath: string; title: string; offers: ShownOffer[] };

/**
 * The action of a locked movie or episode card. Pages are the same for everyone, so a title this
 * browser bought (or rents, while it plays) turns into "Free" here; the player asks for this browser's
 * link when it opens. `data-owned` lets the card's CSS lift its locked look and hide its price.
 */
export function LockedMovieActions({ videoPath, cover, ...offered }: Offered & { videoPath: string; cover: string | null; stream?: true }) {
  const purchases = usePurchases();
  const request = { ...offered, playPath: videoPath };
  if (!purchases.owns(videoPath)) return <PayActions {...request} />;
  return (
    <span data-owned className={cards.ownedAction}>
      <FreePlayButton
        src={purchases.videoFor(videoPath) ?? ''}
        title={offered.title}
        videoPath={videoPath}
        watch={{ path: videoPath, title: offered.title, cover }}
        unlock={request}
      />
      <RentalLeft path={videoPath} />
    </span>
  );
}

/** The action of a locked series or short-film card: "Watch Now" once this browser owns it. */
export function LockedGridActions({ href, ...offered }: Offered & { href: string }) {
  if (!usePurchases().owns(offered.purchasePath)) return <PayActions {...offered} />;
  return (
    <span data-owned className={cards.ownedAction}>
      <IntentLink href={href} className={`${button.button} ${button.primary} ${button.small} ${cards.stretchedLink}`}>
        Watch Now<span className="visually-hidden">: {offered.title}</span>
      </IntentLink>
      <RentalLeft path={offered.purchasePath} />
    </span>
  );
}

/** The purchase control at the top of a locked title's page: gone once this browser owns it (or rents it, with the time left). */
export function LockedDetailActions(offered: Offered) {
  if (!usePurchases().owns(offered.purchasePath)) return <PayActions {...offered} />;
  return (
    <div data-owned className={cards.ownedNote}>
      <p>In your library: every episode plays free.</p>
      <RentalLeft path={offered.purchasePath} />
    </div>
  );
}
