import 'server-only';
import { refuse } from '../errors';
import type { Visitor } from '../identity/visitor';
import { isHttps } from '../identity/visitor-cookies';
import { studioSessionOf } from '../studio/access';

const SIGN_IN = 'Sign in to the studio with a studio wallet first (/studio).';

/** The studio wallet this request holds a live session of (lib/studio/access.ts), or null. */
const studioWalletOf = (request: Request, visitor: Visitor) =>
  studioSessionOf(request.headers.get('cookie'), isHttps(request), visitor.browser)?.wallet ?? null;

/** A route's precheck: refused before any budget or read unless the request holds a live studio session. */
export const studioOnly = ({ request, visitor }: { request: Request; visitor: Visitor }) =>
  studioWalletOf(request, visitor) ? null : refuse('unauthenticated', SIGN_IN);
