#!/usr/bin/env node
// Runs the Jest suites and prints the plain summary line CI reads, summed over the runs:
// `tests: N passed, N failed` (skipped and todo tests are reported too), exiting non-zero on failure.
// Integration specs that need a live server or a heavy load run only when asked for (OPT_IN_SPECS).
//
//   node tools/scripts/run-tests.js [unit|int|runtime|all] [jest arguments…]     (default: all)
//
// `unit` runs jest.config.ts (`*.spec.ts`: no server, no process), `int` runs jest.int.config.ts
// (`*.int.spec.ts`), `all` runs the unit suite, then the integration suite. Each Jest run writes its
// JSON report to test-results/: jest-unit.json, jest-int.json and jest-int-serial.json.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, existsSync, rmSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const jest = require.resolve('jest/bin/jest', { paths: [root] });
// Node ≥ 22.18 strips TypeScript natively, and Jest then imports jest.config.ts files as ES modules,
// where `__dirname` and extensionless imports fail; without it Jest compiles them, as on Node 20.
const nodeFlags = process.features.typescript ? ['--no-experimental-strip-types'] : [];

/**
 * Integration specs that assert latencies or lease timings: they run alone, one file at a time, after
 * the others, so that no second Jest worker competes with them for the two cores.
 */
const SERIAL_SPECS = [
  'fairness\\.int\\.spec\\.ts$', // p90 latency under load within 100 ms of idle
  '\\.load\\.int\\.spec\\.ts$', // throughput and latency under load
  'local-threaded-embedding-provider\\.int\\.spec\\.ts$', // event-loop gaps under 100 ms
  'worker\\.(coordination\\.)?process\\.int\\.spec\\.ts$', // scheduled ticks and leases in real time
  'shared-state\\.int\\.spec\\.ts$', // a lease renewed in real time
];

/**
 * Integration specs that need what the project's machines lack (a live server, time for a heavy
 * load): part of a run only when their variable is set; otherwise left out, and the run says so.
 * Run alone without it, each fails and names its variable — never a silently skipped test.
 */
const OPT_IN_SPECS = [
  {
    pattern: 'qdrant-vector-store\\.live\\.int\\.spec\\.ts$',
    variable: 'KIOKU_QDRANT_URL',
    what: 'the VectorStore contract suite against a live Qdrant server',
  },
  {
    pattern: 'ollama-embedding-provider\\.live\\.int\\.spec\\.ts$',
    variable: 'KIOKU_OLLAMA_URL',
    what: 'the embedding contract suite against a live Ollama server',
  },
  {
    pattern: 'package-arm64\\.emulated\\.int\\.spec\\.ts$',
    variable: 'KIOKU_ARM64_EMULATION',
    what: 'kioku installed for Linux arm64, run under qemu-user (root: binfmt_misc; docs/platforms.md)',
  },
  {
    pattern: 'package-win32\\.emulated\\.int\\.spec\\.ts$',
    variable: 'KIOKU_WINE_EMULATION',
    what: 'kioku installed for Windows x64, run under Wine 8 (apps/mcp-server/src/testing/wine/setup.sh)',
  },
  {
    pattern: 'replicas\\.load\\.int\\.spec\\.ts$',
    variable: 'KIOKU_LOAD_REPLICAS',
    what: 'the load test over several gateway replicas',
  },
];
/**
 * The integration specs whose subject differs between Node versions: native addons (the Chroma
 * bindings, SQLite, the ONNX runtime), worker threads, child processes, sockets and signals (the
 * adapters and the kernel), the package installed as users install it, stdio and the MCP protocol.
 * CI runs them a second time on the current LTS (`runtime`); the app-level scenarios (REST, the
 * dashboard, export and import, replicas) drive the same code through HTTP and run once, and so does
 * the platforms' package resolution (npm's, the same npm 11 under either Node here). So does the
 * VectorStore contract of ChromaVectorStore (chroma-vector-store.contract): the embedded store's
 * contract runs the same record store and SQLite indexes on the current LTS, and ChromaVectorStore's
 * own connection (TCP to a server it did not start) runs there in chroma-vector-store.adapter.int.
 */
const RUNTIME_SPECS = [
  '/libs/(adapters|ground|storage)/(?!.*/chroma-vector-store\\.contract\\.).*\\.int\\.spec\\.ts$',
  '/apps/mcp-server/src/(package-install|mcp-stdio|mcp-startup|mcp-conformance)\\.e2e\\.int\\.spec\\.ts$',
  '/apps/http-gateway/src/mcp/mcp-over-http\\.int\\.spec\\.ts$',
  '/apps/worker/src/worker\\.process\\.int\\.spec\\.ts$',
];
const leftOut = OPT_IN_SPECS.filter((spec) => !process.env[spec.variable]);
const ignored = ['--testPathIgnorePatterns', '/node_modules/', ...leftOut.map((spec) => spec.pattern)];

/**
 * The Jest runs of each suite. Unit specs run on both cores. Integration specs run on two workers,
 * except SERIAL_SPECS, which run alone afterwards; given paths (`npm run test:int -- <path>`), the
 * chosen integration specs run one at a time (CONTRIBUTING.md, Tests: the times behind this choice).
 */
const SUITES = {
  unit: () => [{ report: 'unit', config: 'jest.config.ts', args: ['--maxWorkers=2'] }],
  int: (filtered) =>
    filtered
      ? [{ report: 'int', config: 'jest.int.config.ts', args: ['--runInBand', ...ignored] }]
      : [
          {
            report: 'int',
            config: 'jest.int.config.ts',
            args: ['--maxWorkers=2', ...ignored, ...SERIAL_SPECS],
          },
          {
            report: 'int-serial',
            config: 'jest.int.config.ts',
            args: ['--runInBand', ...SERIAL_SPECS, ...ignored],
          },
        ],
  // The runtime specs (Jest ORs its path patterns) but the serial ones, then those alone afterwards (a
  // run that finds none passes). Patterns before the ignore list, which takes every word after it.
  runtime: () => [
    {
      report: 'runtime',
      config: 'jest.int.config.ts',
      args: ['--maxWorkers=2', ...RUNTIME_SPECS, ...ignored, ...SERIAL_SPECS],
    },
    {
      report: 'runtime-serial',
      config: 'jest.int.config.ts',
      args: ['--runInBand', '--passWithNoTests', matchingBoth(SERIAL_SPECS, RUNTIME_SPECS), ...ignored],
    },
  ],
};

/** One path pattern for the files that match a pattern of each list (a lookahead for the first list). */
const matchingBoth = (first, second) => `^(?=.*(?:${first.join('|')})).*(?:${second.join('|')})`;

const [first, ...rest] = process.argv.slice(2);
const named = first in SUITES || first === 'all';
const chosen = first in SUITES ? [first] : ['unit', 'int'];
const jestArgs = named ? rest : process.argv.slice(2);
// A path filter given to both suites (`npm test -- libs/domain/memory`) may match specs of one only.
const perSuiteArgs = chosen.length > 1 && jestArgs.length > 0 ? ['--passWithNoTests'] : [];

mkdirSync(path.join(root, 'test-results'), { recursive: true });

/** Runs Jest once; its counts, or one failure when Jest wrote no report. */
function runJest({ report: name, config, args }) {
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
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false', ...(builtOnce ? { KIOKU_DIST_BUILT: '1' } : {}) },
    },
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0, ok: false };
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const failedSuites = results.numFailedTestSuites + (results.numRuntimeErrorTestSuites || 0);
  const failed =
    results.numFailedTests + (failedSuites > 0 && results.numFailedTests === 0 ? failedSuites : 0);
  const skipped = results.numPendingTests + results.numTodoTests;
  return { passed: results.numPassedTests, failed, skipped, ok: run.status === 0 };
}

// The integration runs' global setup builds dist/ for the end-to-end specs: once here instead of once a run.
const builtOnce = chosen.includes('int') || chosen.includes('runtime');
if (builtOnce) {
  const build = spawnSync(process.execPath, [path.join(__dirname, 'build.js')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0, ok: true };
for (const run of chosen.flatMap((name) => SUITES[name](jestArgs.length > 0))) {
  const counts = runJest(run);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  totals.ok = totals.ok && counts.ok;
}

if (chosen.includes('int') || chosen.includes('runtime'))
  for (const spec of leftOut) console.log(`not run: ${spec.what} (set ${spec.variable} to run it)`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(!totals.ok || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
