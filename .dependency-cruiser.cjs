// @ts-check
/**
 * The layering `npm run lint` keeps (see README.md, "Layout"): app/ → components/ → lib/, no import
 * circles, and nothing that reaches a browser imports server-only code.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const SOURCE = /\.(ts|tsx)$/;
const USE_CLIENT = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*['"]use client['"]/;
const SERVER_ONLY = /^import ['"]server-only['"];?$/m;
const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The TypeScript files under `roots` whose text matches `marker`, as anchored path patterns. */
function filesMarked(marker, roots) {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((path) => join(root, path))
      .filter((path) => SOURCE.test(path) && marker.test(readFileSync(path, 'utf8')))
      .map((path) => `^${escape(path)}$`),
  );
}

/** Browser code: the 'use client' files (React sends them to the browser), and the payment steps only a browser runs. */
const BROWSER = [...filesMarked(USE_CLIENT, ['app', 'components', 'lib']), '^lib/payments/browser/'];
/** Modules marked import 'server-only': secrets, the ledger, the catalog's backends, the env. */
const SERVER_ONLY_MODULES = filesMarked(SERVER_ONLY, ['lib']);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle ties its modules into one: split the shared part (a context, a type) into its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-stays-below-the-ui',
      severity: 'error',
      comment: 'lib/ holds the rules; components/ and app/ draw them. A rule that needs the UI belongs in the UI, or takes it as a parameter.',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'search-needs-nothing-of-the-catalog',
      severity: 'error',
      comment:
        'One way only: lib/catalog derives the search entries and reads them (search-entries.ts, index.ts), and imports lib/search ' +
        'for normalization and ranking; lib/search ranks, normalizes and parses queries over plain SearchDocuments and never imports lib/catalog.',
      from: { path: '^lib/search/' },
      to: { path: '^lib/catalog/' },
    },
    {
      name: 'catalog-needs-nothing-of-the-pages',
      severity: 'error',
      comment:
        "lib/routes.ts (the site's URLs) reads the kinds' page bases from lib/catalog/kinds.ts, so lib/catalog never imports it: what the " +
        'catalog stores (search entries included) names catalog paths, and whoever draws a link finds its page (pageOfDocument).',
      from: { path: '^lib/catalog/' },
      to: { path: '^lib/routes\\.ts$' },
    },
    {
      name: 'identity-below-api-and-payments',
      severity: 'error',
      comment:
        'lib/identity (the browser cookie: read, sign, renew, the two-cookies conflict; the signing key and signed tokens) sits below ' +
        'the API pipeline and payments, which both use it: it imports neither.',
      from: { path: '^lib/identity/' },
      to: { path: '^lib/(api|payments)/' },
    },
    {
      name: 'api-needs-nothing-of-payments',
      severity: 'error',
      comment: 'lib/api is the generic route pipeline: payments use it, never the reverse (the browser it acts for comes from lib/identity).',
      from: { path: '^lib/api/' },
      to: { path: '^lib/payments/' },
    },
    {
      name: 'http-needs-nothing-of-the-api',
      severity: 'error',
      comment:
        'lib/http (bodies, limits, origins) returns refusals with a code (lib/errors.ts); lib/api turns them into HTTP answers. ' +
        'A helper that builds an API answer belongs in lib/api.',
      from: { path: '^lib/http/' },
      to: { path: '^lib/api/' },
    },
    {
      name: 'http-needs-nothing-of-the-domain',
      severity: 'error',
      comment:
        'lib/http (bodies, limits, origins, security headers, the Reply type) sits below the domain that uses it (lib/media, lib/payments, ' +
        'lib/catalog) and imports none of it: the security headers take the video providers from lib/video-providers.ts, below both.',
      from: { path: '^lib/http/' },
      to: { path: '^lib/(media|payments|catalog)/' },
    },
    {
      name: 'domain-answers-as-data',
      severity: 'error',
      comment:
        'lib/payments and lib/media return a Reply or a Refusal as data (lib/http/reply.ts, lib/errors.ts); lib/api/responses.ts alone makes ' +
        'them HTTP, with their statuses. They import neither next/server nor the edge, lib/api (eslint.config.mjs also keeps them from building a Response).',
      from: { path: '^lib/(payments|media)/' },
      to: { path: ['(^|/)node_modules/next/server', '^lib/api/'] },
    },
    {
      name: 'errors-at-the-bottom',
      severity: 'error',
      comment: 'lib/errors.ts is the one error type every layer (and the browser) uses: it imports nothing of the project.',
      from: { path: '^lib/errors\\.ts$' },
      to: { path: '^(lib|app|components)/' },
    },
    {
      name: 'ui-never-imports-server-only',
      severity: 'error',
      comment:
        "components/ and browser code ('use client' files, lib/payments/browser/) take server data as props from app/, " +
        "never from a module marked import 'server-only'. Its types are fine: they are erased.",
      from: { path: ['^components/', ...BROWSER] },
      to: { path: SERVER_ONLY_MODULES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-never-imports-payment-use-cases',
      severity: 'error',
      comment:
        'The server is the authority on payments: the browser asks it through lib/payments/browser/api.ts, never by importing a use case (start-checkout, confirm-payment, restore-wallet, ownership, playback-link) or their wiring.',
      from: { path: BROWSER },
      to: {
        path: '^lib/payments/(checkout/start-checkout|confirm/confirm-payment|ownership/restore-wallet|ownership/ownership|playback/playback-link|wiring)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: a circle of types is still a circle for whoever reads the code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
