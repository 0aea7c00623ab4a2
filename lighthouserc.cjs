/**
 * Lighthouse CI (`npm run bench -- --only=lighthouse` runs collect, upload and assert against the bench's
 * site at each catalog size, naming that size's pages and report folder on the command line; `npx lhci autorun`
 * does the same for the embedded catalog's pages against a site already on port 3410, scripts/bench/config.ts).
 * Lighthouse 13 with its default mobile preset, five runs per page. Every budget is judged on the median of the
 * five values ('median'), not on lhci's 'median-run': that run is the one nearest the median first paint and
 * time to interactive, whose score and blocking time need not be the median ones.
 */
const site = 'http://127.0.0.1:3410';

module.exports = {
  ci: {
    collect: {
      url: [`${site}/`, `${site}/series/harbor-lights`],
      numberOfRuns: 5,
      chromePath: '/usr/bin/chromium',
      settings: { chromeFlags: '--no-sandbox --headless=new' },
    },
    assert: {
      assertions: {
        'categories:performance': ['error', { minScore: 0.95, aggregationMethod: 'median' }],
        'total-blocking-time': ['error', { maxNumericValue: 150, aggregationMethod: 'median' }],
        'largest-contentful-paint': ['error', { maxNumericValue: 2000, aggregationMethod: 'median' }],
        'speed-index': ['error', { maxNumericValue: 2500, aggregationMethod: 'median' }],
      },
    },
    upload: { target: 'filesystem', outputDir: 'bench/results/lighthouse/embedded' },
  },
};
