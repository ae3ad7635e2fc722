#!/usr/bin/env node
// Runs the whole Jest suite once and prints the plain summary line CI reads:
// `tests: N passed, N failed` (skipped and todo tests are reported too), exiting non-zero on failure.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const report = path.join(root, 'test-results', 'jest.json');
mkdirSync(path.dirname(report), { recursive: true });

const jest = require.resolve('jest/bin/jest', { paths: [root] });
// Node ≥ 22.18 strips TypeScript natively, and Jest then imports jest.config.ts files as ES modules,
// where `__dirname` and extensionless imports fail; without it Jest compiles them, as on Node 20.
const nodeFlags = process.features.typescript ? ['--no-experimental-strip-types'] : [];
const args = [...nodeFlags, jest, '--json', `--outputFile=${report}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false' },
});

if (!existsSync(report)) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(run.status || 1);
}
const results = JSON.parse(readFileSync(report, 'utf8'));
const failedSuites = results.numFailedTestSuites + (results.numRuntimeErrorTestSuites || 0);
const failed = results.numFailedTests + (failedSuites > 0 && results.numFailedTests === 0 ? failedSuites : 0);
const skipped = results.numPendingTests + results.numTodoTests;
console.log(
  `tests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(run.status !== 0 || failed > 0 || results.numPassedTests === 0 ? 1 : 0);
