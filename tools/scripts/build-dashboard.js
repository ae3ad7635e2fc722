// Bundles the dashboard (apps/dashboard, Preact) into dist/ui with esbuild: one minified script, one
// stylesheet and index.html, no source maps, no hashes in names — the same input gives the same
// files. Everything is bundled: the page fetches nothing but this origin's files and its REST API.
'use strict';
const path = require('node:path');
const { copyFileSync, mkdirSync } = require('node:fs');

const root = path.resolve(__dirname, '..', '..');
const source = path.join(root, 'apps', 'dashboard', 'src');

async function buildDashboard(outdir) {
  const esbuild = require('esbuild');
  mkdirSync(outdir, { recursive: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { app: path.join(source, 'main.tsx'), app_style: path.join(source, 'styles.css') },
    outdir,
    entryNames: '[name]',
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: path.join(root, 'apps', 'dashboard', 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'warning',
  });
  copyFileSync(path.join(source, 'index.html'), path.join(outdir, 'index.html'));
}

module.exports = { buildDashboard };
