/**
 * The public surface, checked (`npm run lint:exports`, part of `npm run lint`): an export nothing imports
 * fails the lint, in a library's entry points (every `@kioku/*` path of tsconfig.base.json: what other
 * projects may import, so what no other project imports is narrowed away) as in any other file, and so
 * does a file nothing reaches. Specs count as users. Dependencies are npm's business, not checked here.
 * `npx knip --fix --fix-type exports,types` removes what the check reports (review the result).
 */
import { readFileSync } from 'node:fs';
import type { KnipConfig } from 'knip';

const { compilerOptions } = JSON.parse(readFileSync('tsconfig.base.json', 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

const config: KnipConfig = {
  include: ['files', 'exports', 'types', 'nsExports', 'nsTypes', 'duplicates'],
  entry: [
    ...Object.values(compilerOptions.paths).flat(),
    // The commands (bin/kioku, tools/scripts/build.js) and what runs beside them by file name.
    'apps/*/src/main.ts',
    'apps/worker/src/*.main.ts',
    'tools/bench/src/main.ts',
    'apps/dashboard/src/main.tsx',
    '**/*.worker.ts',
    'libs/adapters/vector-store-chroma/src/lib/embedded/chroma-cli.mjs',
    'tools/scripts/build.js',
    // Processes the specs spawn by file name.
    '**/*.fixture.ts',
    'apps/mcp-server/src/testing/wine/*.cjs',
    'tools/deploy-check/src/validate-manifests.mjs',
    // Scripts run by hand (their headers say how).
    'libs/adapters/embeddings-local/calibration/calibrate.ts',
    'tools/calibration/*.ts',
    'tools/bench/src/onnx-speed-model.ts',
    'apps/worker/src/testing/release-data-dir/make-release-data-dir.mjs',
  ],
  includeEntryExports: true,
  // Generated from /openapi.json (dashboard-api.int.spec.ts): its exports are openapi-typescript's.
  ignoreIssues: { 'apps/dashboard/src/api/openapi.ts': ['exports', 'types'] },
  jest: { config: ['{jest,jest.int}.config.ts', '{apps,libs,tools}/**/{jest,jest.int}.config.ts'] },
  treatConfigHintsAsErrors: true,
};

export default config;
