import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_COMPANION_APP_URL, DEFAULT_SOLANA_RPC_URL, DEFAULT_VOICE_WIDGET_SRC } from './defaults';

/** The devnet wallet that receives payments unless the operator names another. */
export const DEFAULT_RECIPIENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (fallback: string) => optionalText.pipe(z.url({ message: 'expected an absolute http(s) URL' }).optional()).transform((value) => value ?? fallback);

const positiveInt = (fallback: number) =>
  optionalText
    .pipe(
      z.coerce.number<string | undefined>({ error: 'expected a whole number' }).int('expected a whole number').positive('expected a number above 0').optional(),
    )
    .transform((value) => value ?? fallback);

const wholeNumber = (fallback: number) =>
  optionalText
    .pipe(z.coerce.number<string | undefined>({ error: 'expected a whole number' }).int('expected a whole number').min(0, 'expected 0 or more').optional())
    .transform((value) => value ?? fallback);

const base58Key = optionalText.pipe(
  z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'expected a base58 Solana public key')
    .optional(),
);

/** Every environment variable Solenema reads, with its default. Documented in .env.local.example. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    CATALOG: optionalText.pipe(z.enum(['local', 'firestore'], { message: 'expected "local" or "firestore"' }).optional()),
    FIRESTORE_EMULATOR_HOST: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.-]+:\d+$/, 'expected host:port, e.g. 127.0.0.1:8080')
        .optional(),
    ),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_CLIENT_EMAIL: optionalText.pipe(z.email({ message: 'expected a service-account email' }).optional()),
    FIREBASE_PRIVATE_KEY: optionalText.transform((key) => key?.replace(/\\n/g, '\n')),
    GOOGLE_APPLICATION_CREDENTIALS: optionalText,
    SOLANA_RPC_URL: url(DEFAULT_SOLANA_RPC_URL),
    SOLANA_RECIPIENT: base58Key.transform((key) => key ?? DEFAULT_RECIPIENT),
    PRICE_LAMPORTS: positiveInt(10_000_000),
    /**
     * The SPL mint USDC prices are paid in, named on purpose; unset, Circle's USDC of the cluster the RPC is on
     * (mainnet's on mainnet, devnet's elsewhere: lib/payments/chain/cluster.ts, usdcMintOn).
     */
    USDC_MINT: base58Key,
    ENTITLEMENT_SECRET: optionalText.pipe(z.string().min(32, 'expected at least 32 characters').optional()),
    /**
     * The secret ENTITLEMENT_SECRET replaced: it still reads browser cookies (signed anew as browsers return) and
     * checkout references (pending payments finish); it opens no new checkout, restore or playback link.
     */
    ENTITLEMENT_SECRET_PREVIOUS: optionalText.pipe(z.string().min(32, 'expected at least 32 characters').optional()),
    /** The backstop refresh of cached catalog reads: content changes reach pages through POST /api/revalidate. */
    REVALIDATE_SECONDS: positiveInt(24 * 60 * 60),
    /** How many of the most popular titles of each kind `next build` renders; the rest render on first visit. */
    PRERENDER_TITLES: positiveInt(24),
    REVALIDATE_SECRET: optionalText.pipe(z.string().min(16, 'expected at least 16 characters').optional()),
    LEDGER_DIR: optionalText,
    /** Where `private:` videos live: outside public/, served only to owners through /api/media. */
    PRIVATE_MEDIA_DIR: optionalText.transform((dir) => dir ?? 'media-private'),
    /**
     * How long a checkout's QR code and link are shown as payable; the dialog then draws a fresh one. A payment
     * that lands later is still credited while the server keeps the checkout (30 days).
     */
    CHECKOUT_WINDOW_SECONDS: positiveInt(30 * 60),
    /**
     * Wallets besides SOLANA_RECIPIENT that may open /studio by signing in (the recipient may be a cold wallet or a
     * multisig that cannot sign messages): base58 addresses, separated by commas or spaces.
     */
    STUDIO_WALLETS: optionalText.pipe(
      z
        .string()
        .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}([\s,]+[1-9A-HJ-NP-Za-km-z]{32,44})*$/, 'expected base58 Solana addresses separated by commas or spaces')
        .transform((list) => list.split(/[\s,]+/))
        .optional(),
    ),
    /** How long a studio session lasts once its wallet signed in. */
    STUDIO_SESSION_SECONDS: positiveInt(60 * 60),
    /** How long a playback link of a private video lasts; the page renews it before then. */
    MEDIA_TOKEN_SECONDS: positiveInt(3 * 60 * 60),
    /**
     * A Mux URL signing key (its id, and the base64 private key Mux shows once): a locked title whose video is a Mux
     * playback id with a signed policy then plays, for a buyer only, through a token signed here. Both or neither.
     */
    MUX_SIGNING_KEY_ID: optionalText,
    MUX_SIGNING_PRIVATE_KEY: optionalText.transform((key, context) => {
      if (!key) return undefined;
      const pem = key.includes('-----BEGIN') ? key.replace(/\\n/g, '\n') : Buffer.from(key, 'base64').toString('utf8');
      try {
        return createPrivateKey(pem);
      } catch {
        context.issues.push({
          code: 'custom',
          input: key,
          message: 'expected the private key Mux gave with the signing key (base64, or the PEM it decodes to)',
        });
        return z.NEVER;
      }
    }),
    /**
     * How long a Cloud Storage V4 signed URL for a `gs://` video lasts (at most 7 days). Anyone holding one
     * may fetch the object until then, so it is short: the player asks /api/media again for each new load.
     */
    SIGNED_URL_SECONDS: positiveInt(10 * 60).pipe(z.number().max(604_800, 'expected at most 604800 (7 days)')),
    /** How long the server waits for the Solana RPC before telling the visitor to come back. */
    RPC_TIMEOUT_MS: positiveInt(8_000),
    /** Any Redis (Upstash too): rate limits, the restore cap and the per-reference chain throttle are then shared by every instance. */
    REDIS_URL: optionalText.pipe(z.url({ message: 'expected redis://… or rediss://…', protocol: /^rediss?$/ }).optional()),
    /**
     * What this deployment's Redis keys are filed under, so deployments sharing one REDIS_URL never read each
     * other's limits or payment looks (default: "production" for Vercel's production deployments, the
     * deployment's id for a preview, else "site"). Keys about the chain also carry the cluster's genesis hash.
     */
    REDIS_NAMESPACE: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.-]{1,64}$/, 'expected up to 64 letters, digits, dots, dashes or underscores')
        .optional(),
    ),
    /** Proxies in front of the site that append to X-Forwarded-For; 0 trusts none of it (see lib/http/client-key.ts). */
    TRUSTED_PROXY_HOPS: wholeNumber(0),
    /** Solana RPC calls the server makes per minute, all visitors together, so no one can spend the RPC provider's quota. */
    RPC_CALLS_PER_MINUTE: positiveInt(300),
    /** How long one Firestore read or write may take before the request gives up (the client would retry for minutes). */
    FIRESTORE_TIMEOUT_MS: positiveInt(10_000),
    /**
     * The longest an operator's Firestore edit waits for its lists, search and pages (0 turns the sync off): on
     * `next start` listeners sync it at once; on Vercel the visits check every third of it (lib/catalog/upkeep.ts).
     */
    CATALOG_SYNC_SECONDS: wholeNumber(300),
    /**
     * The bearer token the Firestore trigger (functions/) sends to POST /api/catalog/changes with the documents an
     * edit changed. Set on Vercel with the trigger deployed: cached pages then live until their data changes.
     */
    CATALOG_EVENTS_SECRET: optionalText.pipe(z.string().min(16, 'expected at least 16 characters').optional()),
    /** Vercel's convention: the bearer token its Cron Jobs send to /api/cron/catalog-sync. */
    CRON_SECRET: optionalText.pipe(z.string().min(16, 'expected at least 16 characters').optional()),
    /** "1": GET /api/internal/reads answers this process's Firestore read count (for the tests and the bench only). */
    READ_COUNTER: optionalText.pipe(z.enum(['1'], { message: 'expected "1" or nothing' }).optional()),
    /** Extra origins the Content-Security-Policy allows for videos and covers the catalog names. */
    MEDIA_HOSTS: optionalText.transform((value) => (value ? value.split(/[\s,]+/).filter(Boolean) : [])),
    /** Vercel sets these; the production domain stands in for NEXT_PUBLIC_SITE_URL when that is unset. */
    VERCEL: optionalText,
    VERCEL_ENV: optionalText,
    VERCEL_DEPLOYMENT_ID: optionalText,
    VERCEL_PROJECT_PRODUCTION_URL: optionalText,
    NEXT_PUBLIC_SITE_URL: url('http://localhost:3000'),
    NEXT_PUBLIC_SOLANA_RPC_URL: url(DEFAULT_SOLANA_RPC_URL),
    NEXT_PUBLIC_EMAILJS_SERVICE_ID: optionalText,
    NEXT_PUBLIC_EMAILJS_TEMPLATE_ID: optionalText,
    NEXT_PUBLIC_EMAILJS_PUBLIC_KEY: optionalText,
    NEXT_PUBLIC_VOICE_AGENT_ID: optionalText,
    NEXT_PUBLIC_VOICE_WIDGET_SRC: url(DEFAULT_VOICE_WIDGET_SRC),
    NEXT_PUBLIC_COMPANION_APP_URL: url(DEFAULT_COMPANION_APP_URL),
    /** The Firebase web app's public config: set all four to record field insight (Analytics and Performance). */
    NEXT_PUBLIC_FIREBASE_API_KEY: optionalText,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: optionalText,
    NEXT_PUBLIC_FIREBASE_APP_ID: optionalText,
    NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: optionalText,
    /** "required": nothing is recorded until the visitor agrees in the consent banner. */
    NEXT_PUBLIC_ANALYTICS_CONSENT: optionalText.pipe(z.enum(['required', 'none'], { message: 'expected "required" or "none"' }).optional()),
  })
  .superRefine((env, context) => {
    if (Boolean(env.MUX_SIGNING_KEY_ID) !== Boolean(env.MUX_SIGNING_PRIVATE_KEY))
      context.addIssue({
        code: 'custom',
        path: ['MUX_SIGNING_KEY_ID'],
        message: 'set MUX_SIGNING_KEY_ID and MUX_SIGNING_PRIVATE_KEY together (a Mux URL signing key)',
      });
  });

export type Env = z.infer<typeof envSchema>;

/** The name of every setting the site reads: docs/configuration.md documents each (tests/unit/configuration-docs.test.ts). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** True when the environment points at a Firestore (emulator or real project). */
export function firestoreConfigured(env: Env): boolean {
  return Boolean(
    env.FIRESTORE_EMULATOR_HOST || (env.FIREBASE_PROJECT_ID && env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY) || env.GOOGLE_APPLICATION_CREDENTIALS,
  );
}

/** Which backend serves content: forced by CATALOG, else Firestore when configured, else the embedded catalog. */
export function chooseBackend(env: Env): 'local' | 'firestore' {
  return env.CATALOG ?? (firestoreConfigured(env) ? 'firestore' : 'local');
}

/** On Vercel an unset NEXT_PUBLIC_SITE_URL means the project's production domain, not localhost. */
function withVercelSiteUrl(source: Record<string, string | undefined>) {
  const production = source.VERCEL_PROJECT_PRODUCTION_URL?.trim();
  if (source.NEXT_PUBLIC_SITE_URL?.trim() || !production) return source;
  return { ...source, NEXT_PUBLIC_SITE_URL: `https://${production}` };
}

/** Parses the environment once; a bad value throws an EnvError naming each variable and what it expects. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(withVercelSiteUrl(source));
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}
