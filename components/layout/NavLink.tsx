import { IntentLink } from '@/components/ui/IntentLink';
import { ExternalIcon } from '../ui/icons';
import type { SiteLink } from './siteLinks';

type Props = { link: SiteLink; className?: string; current?: boolean; onNavigate?: () => void };

/** One navigation entry; external ones open in a new tab without handing over `window.opener`. */
export function NavLink({ link, className, current, onNavigate }: Props) {
  if (link.external) {
    return (
      <a href={link.href} className={className} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {link.label}
        <ExternalIcon />
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <IntentLink href={link.href} className={className} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
      {link.label}
    </IntentLink>
  );
}
