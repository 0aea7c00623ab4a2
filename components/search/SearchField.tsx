'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import styles from './search.module.css';
import { searchInputProps } from './searchInput';

/** Long enough to let a word be typed, short enough to feel live. */
const DEBOUNCE_MS = 250;

const resultsUrl = (action: string, query: string) => (query.trim() ? `${action}?${new URLSearchParams({ q: query })}` : action);

/**
 * The /search page's field. Without JavaScript it is a plain GET form; with it, results follow the
 * typing: a pause re-renders the page on the server for the new `?q=` (router.replace, no reload,
 * no history entry per keystroke) and this field keeps its text and focus meanwhile.
 * `action` (the /search route) comes from the server, as does the icon beside the field: imported
 * here, lib/routes and the icons would grow in the chunks every page shares.
 */
export function SearchField({ initialQuery, action }: { initialQuery: string; action: string }) {
  const router = useRouter();
  const [value, setValue] = useState(initialQuery);
  const [pending, startTransition] = useTransition();
  const requested = useRef(initialQuery);

  const show = (query: string) => {
    requested.current = query;
    startTransition(() => router.replace(resultsUrl(action, query), { scroll: false }));
  };

  useEffect(() => {
    if (value === requested.current) return;
    const timer = setTimeout(() => show(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  // Back and forward change the URL under the field: follow it.
  useEffect(() => {
    const follow = () => {
      const query = new URLSearchParams(window.location.search).get('q') ?? '';
      requested.current = query;
      setValue(query);
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  return (
    <form
      role="search"
      aria-label="Search titles"
      action={action}
      method="get"
      className={styles.form}
      data-pending={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        show(value);
      }}
    >
      <label htmlFor="search-query" className="visually-hidden">
        Search trailers, documentaries, series, seasons, episodes and short films
      </label>
      <input
        id="search-query"
        {...searchInputProps}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="Titles, series, episodes…"
        className={styles.input}
      />
      <button type="submit" className={styles.submit}>
        Search
      </button>
    </form>
  );
}
