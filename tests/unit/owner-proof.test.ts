import { describe, expect, it } from 'vitest';
import { browserCookieValue, newBrowserId, ownerProofValue } from '@/lib/identity/browser-cookie';
import { visitorFromCookies } from '@/lib/identity/visitor';

const KEY = 'owner-proof-test-secret-0123456789abcdef';
const NEW_KEY = 'owner-proof-new-secret-0123456789abcdef0';
const DAY_MS = 24 * 60 * 60_000;
const id = newBrowserId();
const browser = `solenema_browser=${browserCookieValue(KEY, id)}`;

describe('the owner proof: what a browser’s cookies say about owning, before any read', () => {
  it('is none for a browser never granted anything: its library is empty with no read of the ledger', () => {
    expect(visitorFromCookies(KEY, browser, false)).toMatchObject({ browser: id, owns: 'none' });
  });

  it('is proven by the signed owner cookie of this very browser', () => {
    expect(visitorFromCookies(KEY, `${browser}; solenema_owner=${ownerProofValue(KEY, id)}`, false)).toMatchObject({ owns: 'proven', renewOwner: false });
  });

  it('proves nothing for another browser, an altered value, or another key’s signature', () => {
    for (const proof of [ownerProofValue(KEY, newBrowserId()), `${ownerProofValue(KEY, id)}x`, ownerProofValue('another-secret-0123456789abcdef0123', id)]) {
      expect(visitorFromCookies(KEY, `${browser}; solenema_owner=${proof}`, false).owns, proof).toBe('none');
    }
  });

  it('is only hinted by the readable cookie a script could set, or by a proof the rotated-out key signed: the ledger decides', () => {
    expect(visitorFromCookies(KEY, `${browser}; solenema_owns=1`, false).owns).toBe('hinted');
    const rotated = `solenema_browser=${browserCookieValue(KEY, id)}; solenema_owner=${ownerProofValue(KEY, id)}; solenema_owns=1`;
    expect(visitorFromCookies([NEW_KEY, KEY], rotated, false)).toMatchObject({ browser: id, owns: 'hinted' });
  });

  it('over https is read only under its __Host- name, which no sibling host can set', () => {
    const secureBrowser = `__Host-solenema_browser=${browserCookieValue(KEY, id)}`;
    expect(visitorFromCookies(KEY, `${secureBrowser}; solenema_owner=${ownerProofValue(KEY, id)}`, true).owns).toBe('none');
    expect(visitorFromCookies(KEY, `${secureBrowser}; __Host-solenema_owner=${ownerProofValue(KEY, id)}`, true).owns).toBe('proven');
  });

  it('is signed again once a day old, as the browser cookie slides', () => {
    const old = ownerProofValue(KEY, id, Date.now() - 2 * DAY_MS);
    expect(visitorFromCookies(KEY, `${browser}; solenema_owner=${old}`, false)).toMatchObject({ owns: 'proven', renewOwner: true });
  });

  it('names the browser only by a keyed digest: the proof carries no id someone could present', () => {
    const [payload] = ownerProofValue(KEY, id).split('.');
    expect(Buffer.from(payload!, 'base64url').toString('utf8')).not.toContain(id);
  });
});
