// Starts Chroma's server (`node cli.mjs run --path … --host … --port …`) like chromadb's own
// dist/cli.mjs, but with the native bindings resolved from here: the build copies this file to
// dist/chroma/cli.mjs, so they resolve from kioku's own node_modules, where kioku pins the build that
// runs on glibc 2.36 (package.json: dependencies and overrides). An installed kioku is a dependency of
// the global prefix, where its `overrides` do not apply: chromadb's cli.mjs would load the newer
// bindings npm nests under chromadb (they need glibc 2.38). No update check, no network.
//
// With KIOKU_CHROMA_SOCKET set, the server runs in a network namespace of its own (see
// chroma-server-manager.ts) and this process also forwards connections from that Unix socket to the
// server's loopback port. The forwarder runs in a worker thread because `cli()` blocks the main thread.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const socketPath = process.env.KIOKU_CHROMA_SOCKET;
if (socketPath) {
  const args = process.argv.slice(2);
  const port = Number(args[args.indexOf('--port') + 1]);
  const forwarder = `
    const { createServer, connect } = require('node:net');
    const { chmodSync, unlinkSync } = require('node:fs');
    const { socketPath, port } = require('node:worker_threads').workerData;
    try { unlinkSync(socketPath); } catch {}
    const server = createServer((client) => {
      const upstream = connect(port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    server.listen(socketPath, () => chmodSync(socketPath, 0o600));
  `;
  new Worker(forwarder, { eval: true, workerData: { socketPath, port } });
}
const binding = require('chromadb-js-bindings-linux-x64-gnu');
process.on('SIGINT', () => process.exit(0));
binding.cli(['chroma', ...process.argv.slice(2)]);
