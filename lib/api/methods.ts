import { refusalResponse } from './responses';

type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE';

/**
 * Handlers for the methods a route does not take: 405 with `Allow` and a JSON reason, where Next's
 * own 405 has an empty body. A route spreads the ones it lacks:
 * `export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');`
 */
export function otherMethods(...allowed: Method[]) {
  const allow = allowed.join(', ');
  const refuse = () => {
    const response = refusalResponse({ code: 'method_not_allowed', reason: `This address answers ${allow} only.` });
    response.headers.set('Allow', allow);
    return response;
  };
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}
