// Starts Chroma's server (`node cli.mjs run --path … --host … --port …`) like chromadb's own
// dist/cli.mjs, but with the native bindings resolved from here: the build copies this file to
// dist/chroma/cli.mjs, so they resolve from kioku's own node_modules, where kioku pins the build that
// runs on glibc 2.36 (package.json: dependencies and overrides). An installed kioku is a dependency of
// the global prefix, where its `overrides` do not apply: chromadb's cli.mjs would load the newer
// bindings npm nests under chromadb (they need glibc 2.38). No update check, no network.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const binding = require('chromadb-js-bindings-linux-x64-gnu');
process.on('SIGINT', () => process.exit(0));
binding.cli(['chroma', ...process.argv.slice(2)]);
