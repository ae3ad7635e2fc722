// Starts Chroma's server (`node cli.mjs run --path … --host … --port …`) like chromadb's own
// dist/cli.mjs, but with the native build the manager chose for this platform (KIOKU_CHROMA_BINDING,
// the package directory; see chroma-platform.ts), and without chromadb's update check or any network.
// The build copies this file to dist/chroma/cli.mjs.
//
// `cli()` blocks the main thread, so the helpers below run in worker threads:
// - KIOKU_CHROMA_SOCKET: the server runs in a network namespace of its own (see
//   chroma-server-manager.ts); forward connections from that Unix socket to the server's loopback port.
// - KIOKU_CHROMA_OWNER_PID: where the OS cannot signal the server when its owner dies (no
//   parent-death signal off Linux), end the server once that pid is gone, even after kill -9.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { KIOKU_CHROMA_BINDING: bindingDir, KIOKU_CHROMA_SOCKET: socketPath } = process.env;
const ownerPid = Number(process.env.KIOKU_CHROMA_OWNER_PID);
if (!bindingDir) {
  process.stderr.write('KIOKU_CHROMA_BINDING is not set: kioku starts this launcher.\n');
  process.exit(2);
}
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
if (Number.isInteger(ownerPid) && ownerPid > 0) {
  const watchdog = `
    const { ownerPid } = require('node:worker_threads').workerData;
    const alive = () => { try { process.kill(ownerPid, 0); return true; } catch (error) { return error.code === 'EPERM'; } };
    const timer = setInterval(() => {
      if (alive()) return;
      clearInterval(timer);
      process.kill(process.pid, 'SIGTERM');
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), 5000);
    }, 500);
  `;
  new Worker(watchdog, { eval: true, workerData: { ownerPid } });
}
const binding = require(bindingDir);
process.on('SIGINT', () => process.exit(0));
binding.cli(['chroma', ...process.argv.slice(2)]);
