import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const ANSWER_AS_DATA = 'Return a Reply or a Refusal: lib/api/responses.ts builds the Response.';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  // CommonJS config files (dependency-cruiser's) load their helpers with require.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // Domain code answers with data (lib/http/reply.ts); lib/api/responses.ts alone builds the HTTP answer (.dependency-cruiser.cjs).
    files: ['lib/payments/**', 'lib/media/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'NewExpression[callee.name=/^(Next)?Response$/]', message: ANSWER_AS_DATA },
        { selector: 'CallExpression[callee.object.name=/^(Next)?Response$/]', message: ANSWER_AS_DATA },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    'bench/floor/.next/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'bench/results/**',
    '.data/**',
  ]),
]);
