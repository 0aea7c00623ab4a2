/**
 * Lighthouse CI (`npm run bench -- --only=lighthouse` runs collect, upload and assert against the bench's
 * site; `npx lhci autorun` does the same against a site already on port 3410, scripts/bench/config.ts).
 * Lighthouse 13 with its default mobile preset, five runs per page; the budget is judged on the median run.
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
        'categories:performance': ['error', { minScore: 0.95, aggregationMethod: 'median-run' }],
      },
    },
    upload: { target: 'filesystem', outputDir: 'bench/results/lighthouse' },
  },
};
