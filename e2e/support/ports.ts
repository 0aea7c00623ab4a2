import { Keypair } from '@solana/web3.js';

/**
 * Fixed loopback ports for the end-to-end stack. Fixed because the browser's RPC URL is
 * inlined into the client bundle at build time.
 */
// E2E_PORT_OFFSET moves the whole stack, so two checkouts can run their suites side by side.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
export const E2E_PORTS = {
  site: 3210 + offset,
  insightSite: 3215 + offset,
  handWrittenSite: 3220 + offset,
  /** The same build started with a checkout window of seconds (e2e/payments-checkout-window.spec.ts). */
  shortCheckoutSite: 3225 + offset,
  /** The same build on a chain of its own, whose calls e2e/chain-budget.spec.ts counts. */
  chainBudgetSite: 3230 + offset,
  /** The same build with a clock a test moves (e2e/support/server-clock.cjs): rentals run out in e2e/rentals.spec.ts. */
  rentalSite: 3235 + offset,
  /** The same build with a Firestore project, a recipient and a clock of its own: the studio's figures are only its spec's (e2e/studio.spec.ts). */
  studioSite: 3240 + offset,
  /** The same build selling in a test's own USDC mint (e2e/prices-shown.spec.ts): pages a browser visits. */
  usdcSite: 3245 + offset,
  /** The same build with a clock a test moves, for the pages of a rental that ends (e2e/rentals-shown.spec.ts). */
  rentalPagesSite: 3250 + offset,
  /** The same build on a chain of its own that a test expires, marks and prices (e2e/payments-transaction-request.spec.ts). */
  transactionSite: 3255 + offset,
  /** The same build with a studio wallet of its own, whose codes e2e/codes.spec.ts makes and uses. */
  codesSite: 3290 + offset,
  /** The same build with a Firestore project and a clock of its own: a pre-order plays from its date (e2e/preorders.spec.ts). */
  preorderSite: 3260 + offset,
  /** What the site's FIRESTORE_EMULATOR_HOST names: the outage proxy in front of the emulator. */
  firestore: 8790 + offset,
  firestoreEmulator: 8791 + offset,
  /** Where the emulator delivers document events: the stand-in for the Functions emulator (catalog-trigger.ts). */
  catalogTrigger: 8792 + offset,
  firestoreOutage: 8798 + offset,
  chain: 8899 + offset,
  /** Its websocket on the next port, as every local chain's. */
  chainBudgetChain: 8903 + offset,
  transactionChain: 8905 + offset,
} as const;
export const E2E_PROJECT_ID = 'demo-solenema';
/** Not the default, so a test can tell the setting reaches the pages; short, so the outage spec waits out a page's lifetime quickly. */
export const E2E_REVALIDATE_SECONDS = 45;
export const E2E_REVALIDATE_SECRET = 'e2e-revalidate-secret-0123456789';
/** Short, so a test can watch a playback link run out and the page renew it. */
export const E2E_MEDIA_TOKEN_SECONDS = 30;
export const E2E_ENTITLEMENT_SECRET = 'e2e-entitlement-secret-0123456789abcdef';
export const SITE_URL = `http://127.0.0.1:${E2E_PORTS.site}`;
/** What a browser adds to a request from the site's own pages; state-changing routes refuse anything else. */
export const SAME_ORIGIN = { origin: SITE_URL } as const;
export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
/**
 * The same site built with a Firebase web config and consent required (e2e/field-insight.spec.ts),
 * and charging another price than the default (e2e/price.spec.ts): one more build serves both.
 */
export const INSIGHT_SITE_URL = `http://127.0.0.1:${E2E_PORTS.insightSite}`;
export const E2E_FIREBASE = { apiKey: 'e2e-api-key', projectId: 'demo-solenema', appId: '1:123456789:web:abcdef', measurementId: 'G-E2ETEST1' };
/** The site built on a catalog written by hand in the seed's fields (e2e/hand-written-catalog.spec.ts), in a Firestore project of its own. */
export const HAND_WRITTEN_SITE_URL = `http://127.0.0.1:${E2E_PORTS.handWrittenSite}`;
export const HAND_WRITTEN_PROJECT_ID = 'demo-handwritten';
export const SHORT_CHECKOUT_SITE_URL = `http://127.0.0.1:${E2E_PORTS.shortCheckoutSite}`;
export const CHAIN_BUDGET_SITE_URL = `http://127.0.0.1:${E2E_PORTS.chainBudgetSite}`;
export const RENTAL_SITE_URL = `http://127.0.0.1:${E2E_PORTS.rentalSite}`;
export const STUDIO_SITE_URL = `http://127.0.0.1:${E2E_PORTS.studioSite}`;
export const STUDIO_PROJECT_ID = 'demo-studio';
export const USDC_SITE_URL = `http://127.0.0.1:${E2E_PORTS.usdcSite}`;
export const TRANSACTION_SITE_URL = `http://127.0.0.1:${E2E_PORTS.transactionSite}`;
export const RENTAL_PAGES_SITE_URL = `http://127.0.0.1:${E2E_PORTS.rentalPagesSite}`;
export const PREORDER_SITE_URL = `http://127.0.0.1:${E2E_PORTS.preorderSite}`;
export const PREORDER_PROJECT_ID = 'demo-preorders';
export const CHAIN_URL = `http://127.0.0.1:${E2E_PORTS.chain}`;
export const CODES_SITE_URL = `http://127.0.0.1:${E2E_PORTS.codesSite}`;
/** The e2e build's MEDIA_HOSTS: a video host outside the site, answered by page.route in e2e/player-kinds.spec.ts. */
export const E2E_MEDIA_HOST = 'https://media.solenema.test';
/** PRICE_LAMPORTS of the second build: 0.02 SOL, so any price not read from the configuration shows. */
export const E2E_VARIANT_PRICE_LAMPORTS = 20_000_000;
/**
 * The USDC the e2e site sells in (USDC_MINT): a 6-decimal mint global setup makes on the local chain at this fixed
 * key, so the build, the site and every spec agree on it. Its authority is the chain's: specs mint with chainControl.
 */
export const E2E_USDC_MINT_SECRET = Keypair.fromSeed(new Uint8Array(32).fill(41)).secretKey;
export const E2E_USDC_MINT = Keypair.fromSecretKey(E2E_USDC_MINT_SECRET).publicKey.toBase58();
/** Receives the test payments: a fixed devnet-shaped address with no key anyone needs. */
export const E2E_RECIPIENT = 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj';
/**
 * How long the site waits for one Firestore call (FIRESTORE_TIMEOUT_MS): short, so an outage fails a payment or a
 * regeneration within seconds, yet above what Google's emulator takes to answer a search of the scale spec's catalog
 * on a busy 2-core machine (it scans a collection for each query where Firestore reads an index: up to 8 s seen).
 */
export const E2E_FIRESTORE_TIMEOUT_MS = 15_000;
/** Takes Firestore down and up again for the site (see serveOutageSwitch). */
export const FIRESTORE_OUTAGE_URL = `http://127.0.0.1:${E2E_PORTS.firestoreOutage}`;
/** The site's own count of Firestore reads (READ_COUNTER=1). */
export const READS_URL = `${SITE_URL}/api/internal/reads`;
/** Everything the site under test prints, so a test can check what it logged. */
export const SITE_LOG = '.e2e/site.log';
