import 'server-only';
import { chargeLimit, limitKeys, type Bucket } from '../http/client-budgets';
import { refusalResponse } from './responses';

/** For routes outside the API wrapper (/og): the address's budget, null or the 429 answer. */
export async function rateLimit(request: Request, bucket: Bucket) {
  const refused = await chargeLimit(bucket, limitKeys(request, null));
  return refused && refusalResponse(refused);
}
