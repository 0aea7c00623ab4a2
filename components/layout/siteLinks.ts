import { publicEnv } from '@/lib/public-env';

export type SiteLink = { label: string; href: string; external?: boolean };

/** The site's navigation, shared by the header and the footer. */
export const siteLinks: SiteLink[] = [
  { label: 'Solenema Wallet', href: '/solenema-wallet' },
  { label: 'AI Agent', href: '/ai-agent' },
  { label: 'Companion App', href: publicEnv.companionAppUrl, external: true },
  { label: 'Contact', href: '/contact' },
];
