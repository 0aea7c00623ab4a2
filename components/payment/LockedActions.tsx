'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { FreePlayButton } from '../player/FreePlayButton';
import button from '../ui/button.module.css';
import cards from '../cards/cards.module.css';
import { PayWithSolanaButton } from './PayWithSolanaButton';
import { usePurchases } from './PurchasesContext';

/**
 * The action of a locked movie or episode card. Pages are the same for everyone, so a title this
 * browser bought turns into "Free" here; the player asks for this browser's link when it opens.
 * `data-owned` lets the card's CSS lift its locked look.
 */
export function LockedMovieActions(props: { purchasePath: string; videoPath: string; title: string; cover: string | null }) {
  const { purchasePath, videoPath, title, cover } = props;
  const purchases = usePurchases();
  if (!purchases.owns(videoPath)) return <PayWithSolanaButton purchasePath={purchasePath} title={title} playPath={videoPath} />;
  return (
    <span data-owned className={cards.ownedAction}>
      <FreePlayButton src={purchases.videoFor(videoPath) ?? ''} title={title} videoPath={videoPath} watch={{ path: videoPath, title, cover }} />
    </span>
  );
}

/** The action of a locked series or short-film card: "Watch Now" once this browser owns it. */
export function LockedGridActions({ purchasePath, href, title }: { purchasePath: string; href: string; title: string }) {
  if (!usePurchases().owns(purchasePath)) return <PayWithSolanaButton purchasePath={purchasePath} title={title} />;
  return (
    <IntentLink href={href} data-owned className={`${button.button} ${button.primary} ${button.small} ${cards.stretchedLink}`}>
      Watch Now<span className="visually-hidden">: {title}</span>
    </IntentLink>
  );
}

/** The purchase control at the top of a locked title's page: gone once this browser owns it. */
export function LockedDetailActions({ purchasePath, title }: { purchasePath: string; title: string }) {
  if (!usePurchases().owns(purchasePath)) return <PayWithSolanaButton purchasePath={purchasePath} title={title} />;
  return (
    <p data-owned className={cards.ownedNote}>
      In your library: every episode plays free.
    </p>
  );
}
