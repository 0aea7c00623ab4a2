import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { NotFoundScreen } from './NotFoundScreen';

function NotFoundStatus(): never {
  notFound();
}

/**
 * What a page renders for a well-formed address the catalog has nothing at (a removed title, a page
 * past the last): the 404 screen in the server's HTML, inside the site's header and footer. A page that
 * throws notFound() itself is answered by Next with an empty error shell that only the browser's
 * JavaScript fills in; thrown inside a boundary, it still sets the 404 status (and noindex) while the
 * rest of the page is rendered, and in the browser the route's not-found page takes its place unchanged.
 */
export function NotFoundPage() {
  return (
    <>
      <NotFoundScreen />
      <Suspense>
        <NotFoundStatus />
      </Suspense>
    </>
  );
}
