// Jest global setup: the end-to-end suites spawn bin/kioku, which runs the build in dist/, so every
// test run builds it from the current sources first (esbuild: a second or two). tools/scripts/run-tests.js
// builds once before its Jest runs and sets KIOKU_DIST_BUILT, so that they do not build it again.
'use strict';
module.exports = async () => {
  if (process.env.KIOKU_DIST_BUILT === '1') return;
  const { build } = require('./build');
  await build({ quiet: true });
};
