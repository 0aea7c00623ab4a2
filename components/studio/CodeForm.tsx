'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { KIND_LIST, KINDS } from '@/lib/catalog/kinds';
import { studioApi } from '@/lib/routes';
import button from '../ui/button.module.css';
import styles from './studio.module.css';

/** Fields left empty are not sent: no dates, no cap. */
const filled = (form: FormData, name: string) => {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? undefined : value;
};

/** The studio's form for a new code (docs/selling.md, "Codes and screeners"); the table below lists it once saved. */
export function CodeForm() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const cap = filled(form, 'cap');
    const body = {
      code: filled(form, 'code') ?? '',
      off: form.get('off'),
      value: Number(form.get('value')),
      currency: form.get('currency'),
      scope: filled(form, 'scope') ?? 'all',
      startsOn: filled(form, 'startsOn'),
      endsOn: filled(form, 'endsOn'),
      cap: cap === undefined ? undefined : Number(cap),
    };
    setBusy(true);
    try {
      const response = await fetch(studioApi.codes, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => ({}))) as { code?: string; error?: string };
      setSaid(
        response.ok
          ? { ok: true, text: `Code ${answer.code} saved.` }
          : { ok: false, text: answer.error ?? `The code was not saved (HTTP ${response.status}).` },
      );
      if (response.ok) {
        element.reset();
        router.refresh();
      }
    } catch {
      setSaid({ ok: false, text: 'The code was not saved: the site could not be reached.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.range} onSubmit={(event) => void submit(event)} aria-label="New code">
      <label>
        Code
        <input name="code" required minLength={3} maxLength={32} pattern="[A-Za-z0-9_\-]+" placeholder="SPRING50" autoCapitalize="characters" />
      </label>
      <label>
        Off
        <select name="off" defaultValue="percent">
          <option value="percent">Percent</option>
          <option value="amount">Amount</option>
        </select>
      </label>
      <label>
        How much
        <input name="value" type="number" required min="0" step="any" placeholder="50" />
      </label>
      <label>
        Currency (amount off)
        <select name="currency" defaultValue="SOL">
          <option>SOL</option>
          <option>USDC</option>
        </select>
      </label>
      <label>
        For
        <input name="scope" list="code-scopes" defaultValue="all" required />
        <datalist id="code-scopes">
          <option value="all">Every title</option>
          {KIND_LIST.map((kind) => (
            <option key={kind} value={kind}>
              {KINDS[kind].label}
            </option>
          ))}
        </datalist>
      </label>
      <label>
        Starts
        <input name="startsOn" type="date" />
      </label>
      <label>
        Ends
        <input name="endsOn" type="date" />
      </label>
      <label>
        Uses at most
        <input name="cap" type="number" min="1" step="1" />
      </label>
      <button type="submit" className={`${button.button} ${button.primary}`} disabled={busy}>
        {busy ? 'Saving…' : 'Make code'}
      </button>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? styles.note : styles.problem}>
          {said.text}
        </p>
      )}
    </form>
  );
}
