import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { revalidateSite } from '@/scripts/revalidate-site';

const received: { authorization?: string; body: unknown }[] = [];
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
    response.writeHead(200).end('{}');
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('tells the site which catalog documents a writer changed (search entries follow from them)', async () => {
  const paths = ['series/a', 'series/a/seasons/s1/episodes/e1', 'searchEntries/series~a'];
  expect(await revalidateSite(url, 'secret-0123456789abcdef', paths)).toBe(`revalidate: 2 catalog paths refreshed on ${url}`);
  expect(received).toEqual([{ authorization: 'Bearer secret-0123456789abcdef', body: { titles: ['series/a', 'series/a/seasons/s1/episodes/e1'] } }]);
});

it('skips without a site or secret, and reports an unreachable site instead of failing the write', async () => {
  expect(await revalidateSite(undefined, 'secret', ['series/a'])).toMatch(/^revalidate: skipped/);
  expect(await revalidateSite('http://127.0.0.1:9', 'secret', ['series/a'])).toMatch(/^revalidate: could not reach http:\/\/127\.0\.0\.1:9/);
});
