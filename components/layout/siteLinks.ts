import { publicEnv } from '@/lib/env/public';
import { routes } from '@/lib/routes';

export type SiteLink = { label: string; href: string; external?: boolean };

/** The site's navigation, shared by the header and the footer. */
export const siteLinks: SiteLink[] = [
  { label: 'Solenema Wallet', href: routes.walletGuide },
  { label: 'AI Agent', href: routes.aiAgent },
  { label: 'Companion App', href: publicEnv.companionAppUrl, external: true },
  { label: 'Contact', href: routes.contact },
];
