#!/usr/bin/env node
// Compiles each `kioku` command ahead of time into one CommonJS file under dist/ (esbuild), so that
// starting kioku never compiles TypeScript. Workspace libraries (the tsconfig path aliases) are
// bundled in; npm packages stay external and load from node_modules, as in any installed package,
// except BUNDLED_PACKAGES.
// The dashboard (apps/dashboard) is bundled for the browser into dist/ui (build-dashboard.js).
// Runs from `npm install` (the `prepare` script), `npm pack`, and before the tests.
'use strict';
const path = require('node:path');
const { copyFileSync, mkdirSync, rmSync } = require('node:fs');

const { buildDashboard } = require('./build-dashboard');

const root = path.resolve(__dirname, '..', '..');

/** The embedded Chroma server's launcher, found by the adapter beside the bundle (see the file). */
const CHROMA_LAUNCHER = 'libs/adapters/vector-store-chroma/src/lib/embedded/chroma-cli.mjs';

/** The local model's worker thread, found by the adapter beside the bundle (local-embedding-threads.ts). */
const EMBEDDING_THREAD = 'libs/adapters/embeddings-local/src/lib/embedding-thread.worker.ts';

/** The ONNX engine's worker thread (onnx-embedding-provider.adapter.ts); the runtime stays external. */
const ONNX_EMBEDDING_THREAD = 'libs/adapters/embeddings-onnx/src/lib/onnx-embedding-thread.worker.ts';

/**
 * npm packages compiled into dist/ (they are devDependencies): Qdrant's client declares TypeScript as a
 * peer dependency, which npm would install (27 MB of compiler) into every user's tree; chromadb's
 * client brings its platform's server build (about 50 MB) as an optional dependency, which only the
 * opt-in managed Chroma server needs (it fetches the build when first used: chroma-binding.ts); the
 * ONNX engine's tokenizer (pure JavaScript, 360 kB) is needed only by its thread, so only that bundle
 * holds it.
 */
const BUNDLED_PACKAGES = [
  '@qdrant/js-client-rest',
  '@qdrant/openapi-typescript-fetch',
  'chromadb',
  '@huggingface/tokenizers',
];

/** Keeps every npm package but BUNDLED_PACKAGES external (esbuild's `packages: 'external'`, with exceptions). */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
      const bundled =
        specifier.startsWith('@kioku/') ||
        BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
      return bundled ? undefined : { path: specifier, external: true };
    });
  },
};

/**
 * `kioku mcp`'s entry answers the MCP handshake before it loads the server (apps/mcp-server/src/main.ts):
 * the server is a bundle of its own, required by the entry when it is needed, so that starting the
 * entry does not parse it. Each bundle has its own copy of what both use; the one piece of state they
 * share, the pre-started model thread, lives on globalThis (local-thread-prestart.ts).
 */
const MCP_SERVER = { importer: 'apps/mcp-server/src/main.ts', specifier: './server', bundle: 'mcp-server' };

const mcpServerApart = {
  name: 'mcp-server-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/server$/ }, ({ importer }) =>
      importer === path.join(root, MCP_SERVER.importer)
        ? { path: `./${MCP_SERVER.bundle}.js`, external: true }
        : undefined,
    );
  },
};

/** `kioku <command>` → its entry point; bin/kioku runs `dist/<command>.js`. */
const ENTRY_POINTS = {
  mcp: 'apps/mcp-server/src/main.ts',
  http: 'apps/http-gateway/src/main.ts',
  worker: 'apps/worker/src/main.ts',
  reembed: 'apps/worker/src/reembed.main.ts',
  reindex: 'apps/worker/src/reindex.main.ts',
  export: 'apps/worker/src/export.main.ts',
  import: 'apps/worker/src/import.main.ts',
  models: 'apps/worker/src/models.main.ts',
  migrate: 'apps/worker/src/migrate.main.ts',
  bench: 'tools/bench/src/main.ts',
};

async function build({ quiet = false } = {}) {
  const started = Date.now();
  const esbuild = require('esbuild');
  const outdir = path.join(root, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      ...Object.fromEntries(
        Object.entries(ENTRY_POINTS).map(([command, entry]) => [command, path.join(root, entry)]),
      ),
      [MCP_SERVER.bundle]: path.join(root, 'apps/mcp-server/src/server.ts'),
      'embedding-thread': path.join(root, EMBEDDING_THREAD),
      'onnx-embedding-thread': path.join(root, ONNX_EMBEDDING_THREAD),
    },
    outdir,
    bundle: true,
    plugins: [mcpServerApart, externalPackages],
    platform: 'node',
    target: 'node20.19',
    format: 'cjs',
    tsconfig: path.join(root, 'tsconfig.base.json'),
    // Error classes are logged and mapped by name; bundling must not rename them.
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  mkdirSync(path.join(outdir, 'chroma'));
  await buildDashboard(path.join(outdir, 'ui'));
  copyFileSync(path.join(root, CHROMA_LAUNCHER), path.join(outdir, 'chroma', 'cli.mjs'));
  if (!quiet) process.stderr.write(`kioku: built dist/ in ${Date.now() - started} ms\n`);
}

module.exports = { build };

if (require.main === module) {
  build().catch((error) => {
    process.stderr.write(`kioku: build failed: ${error.message}\n`);
    process.exit(1);
  });
}
