/**
 * Tells the site which catalog documents changed (POST /api/revalidate with their paths), so their pages
 * and lists refresh within a minute instead of at the backstop. Skipped (and said so) without a site URL and secret.
 */
export async function revalidateSite(siteUrl: string | undefined, secret: string | undefined, paths: string[]): Promise<string> {
  if (!siteUrl || !secret) return 'revalidate: skipped (set NEXT_PUBLIC_SITE_URL and REVALIDATE_SECRET to refresh the site at once)';
  const titles = [...new Set(paths.filter((path) => !path.startsWith('searchEntries/')))];
  if (titles.length === 0) return 'revalidate: nothing changed';
  // The write is done either way: a site that is down or refuses is reported, never a failed write.
  try {
    for (let start = 0; start < titles.length; start += 500) {
      const response = await fetch(`${siteUrl}/api/revalidate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', origin: siteUrl },
        body: JSON.stringify({ titles: titles.slice(start, start + 500) }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) return `revalidate: ${siteUrl} answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `revalidate: could not reach ${siteUrl} (${reason}); its pages refresh at the backstop or on the next POST /api/revalidate`;
  }
  return `revalidate: ${titles.length} catalog paths refreshed on ${siteUrl}`;
}
