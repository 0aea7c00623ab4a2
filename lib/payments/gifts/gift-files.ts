import 'server-only';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { createRecordFile, readRecordFile } from '../../record-files';
import type { Ledger } from '../ledger/ledger';
import { parseWith, present } from '../ledger/ledger-records';
import { giftGrantVia, giftSchema, sameClaimer, type Gift, type GiftClaim, type GiftLedger } from './gift-records';

const claimSchema = giftSchema.shape.claim.unwrap();

/**
 * The file ledger's gifts, beside its purchases: `gifts/{id}.json` created once, and its claim `gift-claims/{id}.json`
 * created once (the same atomic create as a purchase's): the one claimer whose file lands wins; the grant follows, and a
 * retry of that claimer (a crash between the two) grants again.
 */
export function giftFiles(dir: string, ledger: Pick<Ledger, 'grant'>): GiftLedger {
  const gifts = join(dir, 'gifts');
  const claims = join(dir, 'gift-claims');
  const tmp = join(dir, '.tmp');
  const readOne = async <S extends z.ZodType>(folder: string, schema: S, id: string): Promise<z.output<S> | null> => {
    const found = await readRecordFile(join(folder, `${id}.json`));
    if (found.state === 'broken') console.warn(`[gifts] ${folder}/${id}.json is half-written: read as absent`);
    return found.state === 'whole' ? parseWith(schema, found.data, `${folder}/${id}.json`) : null;
  };
  const get = async (id: string): Promise<Gift | null> => {
    const [gift, claim] = await Promise.all([readOne(gifts, giftSchema, id), readOne(claims, claimSchema, id)]);
    return gift && { ...gift, ...(claim && { claim }) };
  };
  const all = async () => {
    const names = await readdir(gifts).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    const found = await Promise.all(
      ids.map(async (id) => {
        const gift = await get(id);
        return gift && { ...gift, id };
      }),
    );
    return found.filter(present);
  };
  const grant = (gift: Gift, claim: GiftClaim) => ledger.grant(claim.browser, gift.path, giftGrantVia(gift), gift.cluster);
  return {
    async create(id, gift) {
      await createRecordFile(join(gifts, `${id}.json`), gift, tmp);
    },
    get,
    givenBy: async (giver, cluster) => (await all()).filter((gift) => gift.giver === giver && gift.cluster === cluster),
    claimedBy: async (wallet, cluster) => (await all()).filter((gift) => gift.claim?.wallet === wallet && gift.cluster === cluster),
    async claim(id, claim) {
      const gift = await get(id);
      if (!gift) return { ok: false, why: 'missing' };
      const won = !gift.claim && (await createRecordFile(join(claims, `${id}.json`), claim, tmp));
      const held = won ? claim : (gift.claim ?? (await readOne(claims, claimSchema, id)));
      if (!held || !sameClaimer(held, claim)) return { ok: false, why: 'taken' };
      await grant(gift, held);
      return { ok: true, gift: { ...gift, claim: held } };
    },
  };
}
