import { CoverImage } from '../cards/CoverImage';
import { IntentLink } from '../ui/IntentLink';
import button from '../ui/button.module.css';
import { pageOfDocument } from '@/lib/routes';
import { ClaimGiftButton } from './ClaimGiftButton';
import styles from './GiftCard.module.css';

type Props = { token: string; gift: { path: string; title: string; coverimg: string | null; claimed: boolean } };

/** A gift link's page: the title, and a claim with a wallet while no one claimed it; "already claimed" after. */
export function GiftCard({ token, gift }: Props) {
  return (
    <section className={styles.card} aria-labelledby="gift-title">
      <div className={styles.cover}>
        <CoverImage src={gift.coverimg} alt="" sizes="(max-width: 479px) 100vw, 480px" />
      </div>
      <h2 id="gift-title" className={styles.title}>
        {gift.title}
      </h2>
      {gift.claimed ? (
        <div className={styles.claim} data-testid="gift-claimed">
          <p className={styles.text} role="status">
            This gift was already claimed: its link unlocks nothing more.
          </p>
          <IntentLink href={pageOfDocument(gift.path)} className={`${button.button} ${button.ghost}`}>
            See {gift.title}
          </IntentLink>
        </div>
      ) : (
        <div className={styles.claim}>
          <p className={styles.text}>
            Someone bought you {gift.title}. Connect a wallet (Phantom) and sign a one-time message to make it yours: signing is free, and nothing is paid. Only
            the first wallet to claim it gets it.
          </p>
          <ClaimGiftButton gift={token} title={gift.title} path={gift.path} />
        </div>
      )}
    </section>
  );
}
