import { existsSync } from 'node:fs';
import { startLocalChain } from './chain';
import { startFirestoreEmulator } from './firestore-emulator';
import { serveOutageSwitch, startOutageProxy } from './outage-proxy';
import {
  CHAIN_URL,
  E2E_FIRESTORE_TIMEOUT_MS,
  E2E_ENTITLEMENT_SECRET,
  E2E_MEDIA_HOST,
  E2E_MEDIA_TOKEN_SECONDS,
  E2E_PORTS,
  E2E_PROJECT_ID,
  E2E_RECIPIENT,
  E2E_USDC_MINT,
  E2E_USDC_MINT_SECRET,
  E2E_REVALIDATE_SECONDS,
  E2E_REVALIDATE_SECRET,
  SITE_LOG,
  SITE_URL,
} from './ports';
import { startInsightSite } from './insight-site';
import { run, startServer, stopServer } from './processes';

/** Settings the e2e build is made with; NEXT_PUBLIC_* ones are inlined into the bundle at build time. */
export const e2eSiteEnv = {
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${E2E_PORTS.firestore}`,
  FIREBASE_PROJECT_ID: E2E_PROJECT_ID,
  METADATA_SERVER_DETECTION: 'none',
  NEXT_PUBLIC_SITE_URL: SITE_URL,
  REVALIDATE_SECRET: E2E_REVALIDATE_SECRET,
  REVALIDATE_SECONDS: String(E2E_REVALIDATE_SECONDS),
  ENTITLEMENT_SECRET: E2E_ENTITLEMENT_SECRET,
  MEDIA_TOKEN_SECONDS: String(E2E_MEDIA_TOKEN_SECONDS),
  MEDIA_HOSTS: E2E_MEDIA_HOST,
  NEXT_PUBLIC_VOICE_AGENT_ID: 'test-agent-id',
  NEXT_PUBLIC_EMAILJS_SERVICE_ID: 'service_test',
  NEXT_PUBLIC_EMAILJS_TEMPLATE_ID: 'template_test',
  NEXT_PUBLIC_EMAILJS_PUBLIC_KEY: 'public_test',
  SOLANA_RPC_URL: CHAIN_URL,
  // Short, so a hung RPC answers the payment's 503 within seconds (payments-recovery.spec.ts).
  RPC_TIMEOUT_MS: '3000',
  FIRESTORE_TIMEOUT_MS: String(E2E_FIRESTORE_TIMEOUT_MS),
  // GET /api/internal/reads: the site's Firestore reads, which scale.spec.ts holds to budgets.
  READ_COUNTER: '1',
  // The sync's listeners would read every document the scale spec writes, in the counts it measures pages by;
  // the sync has a site of its own (hand-written-catalog.spec.ts).
  CATALOG_SYNC_SECONDS: '0',
  NEXT_PUBLIC_SOLANA_RPC_URL: CHAIN_URL,
  SOLANA_RECIPIENT: E2E_RECIPIENT,
  USDC_MINT: E2E_USDC_MINT,
  // The tests play the proxy in front of the site: each test's own X-Forwarded-For is its client key.
  TRUSTED_PROXY_HOPS: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  // Types are checked by `npm test` before the browser tests (next.config.ts).
  E2E_BUILD: '1',
};

/**
 * The whole stack the browser tests run against: Google's Firestore emulator behind an outage proxy, seeded with `npm run seed`
 * (the operator's own command), a local Solana chain, then a production build of the site using both.
 * E2E_SKIP_BUILD=1 reuses an existing .next when iterating locally.
 */
export default async function globalSetup() {
  Object.assign(process.env, e2eSiteEnv);
  const env = process.env;
  const emulator = await startFirestoreEmulator({ port: E2E_PORTS.firestoreEmulator, functionsEmulator: `127.0.0.1:${E2E_PORTS.catalogTrigger}` });
  const proxy = await startOutageProxy(emulator.host, E2E_PORTS.firestore);
  const stopOutageSwitch = serveOutageSwitch(proxy.setOutage, E2E_PORTS.firestoreOutage);
  const chain = await startLocalChain({ port: E2E_PORTS.chain });
  // The site's USDC, and the recipient's token account for it (without one, checkouts in USDC are refused).
  await chain.createMint({ decimals: 6, mintSecretKey: E2E_USDC_MINT_SECRET });
  await chain.mintTo({ mint: E2E_USDC_MINT, owner: E2E_RECIPIENT, amount: 1 });
  await run('npm', ['run', 'seed', '--silent'], env);
  if (!(process.env.E2E_SKIP_BUILD && existsSync('.next/BUILD_ID'))) await run('npx', ['next', 'build'], env);
  const site = await startServer('npx', ['next', 'start', '-p', String(E2E_PORTS.site), '-H', '127.0.0.1'], env, SITE_URL, { logFile: SITE_LOG });
  // Not awaited: the second build overlaps the first tests, and the specs on its site wait for it.
  const insightSite = startInsightSite(env);
  insightSite.catch(() => {});
  return async () => {
    stopServer(site);
    stopServer(await insightSite.catch(() => undefined));
    await Promise.all([proxy.stop().then(emulator.stop), chain.stop(), stopOutageSwitch()]);
  };
}
