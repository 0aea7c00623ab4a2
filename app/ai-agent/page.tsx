import type { Metadata } from 'next';
import { FeatureList, type Feature } from '@/components/guides/FeatureList';
import { GuideSection } from '@/components/guides/GuideSection';
import { PageIntro } from '@/components/guides/PageIntro';
import { VoiceAssistant } from '@/components/guides/VoiceAssistant';
import { PageBody } from '@/components/layout/PageBody';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'AI Agent',
  description: 'Talk to the Solenema voice agent for recommendations and support in over 30 languages.',
  path: routes.aiAgent,
  coverimg: null,
});

const agentFeatures: Feature[] = [
  { title: 'Recommendations', text: 'Tell it what you are in the mood for and it suggests trailers, series and documentaries to match.' },
  { title: 'Support', text: 'Questions about Phantom, payments or playback? Ask out loud and get an answer right away.' },
  { title: 'Over 30 languages', text: 'Speak Portuguese, English, Spanish, French, Japanese and many more: it answers in yours.' },
];

const solanaFeatures: Feature[] = [
  { title: 'Fast and final', text: 'Solana confirms a payment in seconds, so a title unlocks while you are still on the page.' },
  {
    title: 'Fees of a fraction of a cent',
    text: 'Each title shows its price, in SOL or USDC, before you pay, and the network fee is tiny, so small purchases make sense.',
  },
  { title: 'Phantom keeps you in control', text: 'You approve every transaction in your own wallet. No account, no card, no password to leak.' },
];

export default function AiAgentPage() {
  return (
    <PageBody>
      <PageIntro eyebrow="AI agent" title="Your voice guide to Solenema">
        <p>The Solenema agent listens and answers: it recommends what to watch next and helps with your wallet and payments, in over 30 languages.</p>
      </PageIntro>
      <GuideSection id="agent" title="What the agent does">
        <FeatureList features={agentFeatures} />
      </GuideSection>
      <GuideSection id="solana" title="Why Solana and Phantom">
        <FeatureList features={solanaFeatures} />
      </GuideSection>
      <GuideSection id="assistant" title="Talk to the assistant">
        <VoiceAssistant />
      </GuideSection>
    </PageBody>
  );
}
