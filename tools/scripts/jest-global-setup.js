// Jest global setup: the end-to-end suites spawn bin/kioku, which runs the build in dist/, so every
// test run builds it from the current sources first (esbuild: well under a second).
'use strict';
module.exports = async () => {
  await require('./build').build({ quiet: true });
};
