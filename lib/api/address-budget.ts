import 'server-only';
import { chargeLimit, limitKeys, type Bucket } from '../http/client-budgets';
import { refusalResponse } from './responses';

/** For routes outside the API wrapper (/og): the address's budget, null or the 429 answer. */
export async function rateLimit(request: Request, bucket: Bucket) {
  const refused = await chargeLimit(bucket, limitKeys(request, null));
  return refused && refusalResponse(refused);
}

/** One code try charged to the request's address (the `code` bucket), whichever route takes it: null, or the 429 refusal. */
export const chargeCodeTry = (request: Request) => chargeLimit('code', limitKeys(request, null));
