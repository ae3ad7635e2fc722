#!/usr/bin/env node
// Runs the Jest suites and prints the plain summary line CI reads, summed over the runs:
// `tests: N passed, N failed` (skipped and todo tests are reported too), exiting non-zero on failure.
//
//   node tools/scripts/run-tests.js [unit|int|all] [jest arguments…]     (default: all)
//
// `unit` runs jest.config.ts (`*.spec.ts`: no server, no process), `int` runs jest.int.config.ts
// (`*.int.spec.ts`), `all` runs the unit suite, then the integration suite. Each run writes its JSON
// report to test-results/jest-<suite>.json.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, existsSync, rmSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

/**
 * The suites. Unit specs run on both cores. Integration specs run one file at a time: most of them
 * start processes that use both cores themselves, and the load and timing specs (fairness, the
 * threaded embedder's event-loop gaps) measure latencies a second Jest worker would distort
 * (README, Tests: the times behind this choice).
 */
const SUITES = {
  unit: { config: 'jest.config.ts', args: ['--maxWorkers=2'] },
  int: { config: 'jest.int.config.ts', args: ['--runInBand'] },
};

const [first, ...rest] = process.argv.slice(2);
const named = first in SUITES || first === 'all';
const chosen = first in SUITES ? [first] : ['unit', 'int'];
const jestArgs = named ? rest : process.argv.slice(2);
// A path filter given to both suites (`npm test -- libs/domain/memory`) may match specs of one only.
const perSuiteArgs = chosen.length > 1 && jestArgs.length > 0 ? ['--passWithNoTests'] : [];

const jest = require.resolve('jest/bin/jest', { paths: [root] });
// Node ≥ 22.18 strips TypeScript natively, and Jest then imports jest.config.ts files as ES modules,
// where `__dirname` and extensionless imports fail; without it Jest compiles them, as on Node 20.
const nodeFlags = process.features.typescript ? ['--no-experimental-strip-types'] : [];
mkdirSync(path.join(root, 'test-results'), { recursive: true });

/** Runs one suite; its counts, or one failure when Jest wrote no report. */
function runSuite(name) {
  const { config, args } = SUITES[name];
  const report = path.join(root, 'test-results', `jest-${name}.json`);
  rmSync(report, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      ...nodeFlags,
      jest,
      '-c',
      config,
      ...args,
      ...perSuiteArgs,
      '--json',
      `--outputFile=${report}`,
      ...jestArgs,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } },
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0, ok: false };
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const failedSuites = results.numFailedTestSuites + (results.numRuntimeErrorTestSuites || 0);
  const failed =
    results.numFailedTests + (failedSuites > 0 && results.numFailedTests === 0 ? failedSuites : 0);
  const skipped = results.numPendingTests + results.numTodoTests;
  return { passed: results.numPassedTests, failed, skipped, ok: run.status === 0 };
}

const totals = { passed: 0, failed: 0, skipped: 0, ok: true };
for (const name of chosen) {
  const counts = runSuite(name);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  totals.ok = totals.ok && counts.ok;
}

console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(!totals.ok || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
