import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { previewRoute } from '@/lib/routes';
import { FreePlayButton } from './FreePlayButton';

/**
 * "Preview" on a locked title with a free preview (`previewSeconds`): plays its first segments for anyone, then offers
 * the title in the player. A server component around the page's play button: no code of its own reaches the browser.
 * `data-offers`: gone with the offers once this browser owns the title (DetailHeader.module.css, cards.module.css).
 */
export function PreviewButton({ videoPath, purchasePath, title, offers }: { videoPath: string; purchasePath: string; title: string; offers: ShownOffer[] }) {
  return (
    <span data-offers>
      <FreePlayButton
        label="Preview"
        src={previewRoute(videoPath)}
        title={title}
        previewOf={{ purchasePath, title, offers, playPath: videoPath, stream: true }}
      />
    </span>
  );
}
