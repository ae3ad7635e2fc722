/**
 * Test fixture run as a separate Node process (`node --import tsx`): starts the embedded Chroma server
 * for the data dir given as the first argument (tied to this process the way the optional second
 * argument says: `parent-death-signal` or `watchdog`), prints `{"url","pid"}` as one JSON line on stdout, then
 * idles until it is killed. Used to check that the server dies with its owner and that other processes
 * recover.
 */
import { ChromaServerManager } from '../lib/embedded/chroma-server-manager';

const [dataDir, tie] = process.argv.slice(2);
const manager = new ChromaServerManager({
  dataDir,
  ...(tie ? { tieToOwner: tie as 'parent-death-signal' | 'watchdog' } : {}),
});
manager
  .ensureRunning()
  .then((url) => {
    process.stdout.write(JSON.stringify({ url, pid: manager.serverPid }) + '\n');
    setInterval(() => undefined, 60_000);
  })
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
