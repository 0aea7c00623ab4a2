import type { Metadata } from 'next';
import { IntentLink } from '@/components/ui/IntentLink';
import { GuideSection } from '@/components/guides/GuideSection';
import { GuideStep } from '@/components/guides/GuideStep';
import { PageIntro } from '@/components/guides/PageIntro';
import { PageBody } from '@/components/layout/PageBody';
import { RestorePurchasesButton } from '@/components/payment/RestorePurchasesButton';
import guides from '@/components/guides/guides.module.css';
import button from '@/components/ui/button.module.css';
import { publicEnv } from '@/lib/env/public';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Solenema Wallet guide',
  description: 'Set up Phantom, connect it to Solenema and unlock a title with Solana in four steps.',
  path: routes.walletGuide,
  coverimg: null,
});

export default function WalletGuidePage() {
  return (
    <PageBody>
      <PageIntro eyebrow="Wallet guide" title="Unlock titles with Solana in four steps">
        <p>
          Free titles play at once. Each locked one shows its price on its card and page, in SOL or USDC, to buy or to rent, paid from the Phantom wallet in
          your browser. Set it up once; it takes about two minutes.
        </p>
      </PageIntro>
      <ol className={guides.steps}>
        <GuideStep
          step={1}
          title="Install the Phantom extension"
          illustration="/guide/step-1-install.svg"
          illustrationAlt="A browser toolbar with the Phantom extension being added"
        >
          <p>
            Get Phantom for Chrome, Brave, Edge or Firefox from{' '}
            <a href={publicEnv.companionAppUrl} target="_blank" rel="noopener noreferrer">
              the official download page
            </a>
            , then pin it to your toolbar so it is one click away.
          </p>
        </GuideStep>
        <GuideStep
          step={2}
          title="Create a wallet and save your recovery phrase"
          illustration="/guide/step-2-recovery.svg"
          illustrationAlt="Phantom showing a twelve-word recovery phrase next to a pen and paper"
        >
          <p>
            Choose “Create a new wallet”, set a password, and write the recovery phrase down on paper. Keep it offline and never share it: whoever has it
            controls the wallet.
          </p>
          <p>
            The purchase window names the Solana network Solenema takes payments on. For devnet or testnet, turn on testnet mode in Phantom’s developer settings
            and pick that network.
          </p>
        </GuideStep>
        <GuideStep
          step={3}
          title="Connect through “Connect Phantom Wallet”"
          illustration="/guide/step-3-connect.svg"
          illustrationAlt="A documentary card with a Connect Phantom Wallet button and the Phantom approval window"
        >
          <p>
            Open a locked documentary and press “Pay with Solana”. In the window that opens, choose how to pay where a title offers more than one way (buy,
            rent, a season pass or the whole series), press “Connect Phantom Wallet” and approve the connection in Phantom. Your address appears once you are
            connected.
          </p>
        </GuideStep>
        <GuideStep
          step={4}
          title="Pay through “Pay to Watch”"
          illustration="/guide/step-4-pay.svg"
          illustrationAlt="The Pay to Watch button and a Phantom transaction approval"
        >
          <p>
            Press “Pay to Watch” and approve the transaction for the price shown in Phantom: SOL, or USDC from the same wallet (keep a little SOL for the
            network fee). As soon as it is confirmed on chain, the title plays, and it stays unlocked in this browser, for good or for the rental’s length.
          </p>
        </GuideStep>
      </ol>
      <GuideSection id="restore" title="New browser or device?">
        <p className={guides.sectionText}>
          Purchases belong to the wallet that paid. Connect it here and sign a one-time message (free, no funds move) to unlock everything it bought in this
          browser.
        </p>
        <div className={guides.cta}>
          <RestorePurchasesButton />
          <IntentLink href={routes.purchases} className={`${button.button} ${button.ghost}`}>
            My purchases
          </IntentLink>
        </div>
      </GuideSection>
      <div className={guides.cta}>
        <IntentLink href="/" className={`${button.button} ${button.primary}`}>
          Browse titles
        </IntentLink>
        <IntentLink href="/ai-agent" className={`${button.button} ${button.ghost}`}>
          Ask the AI agent
        </IntentLink>
      </div>
    </PageBody>
  );
}
