// Test harness only (the Wine end-to-end test), run by node.exe under Wine:
//   node owner-death.cjs LAUNCHER BINDING_DIR PERSIST_PATH
// Starts kioku's Chroma launcher (dist/chroma/cli.mjs) for an owner process that is not its parent and
// outside Node's job object (detached), as the embedded store would be, waits for the heartbeat, ends the
// owner with TerminateProcess and prints what became of the server: only the launcher's watchdog, polling
// the owner's pid with process.kill(pid, 0), can end it.
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');

const [launcher, binding, persistPath] = process.argv.slice(2);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const done = (line) => {
  console.log(line);
  process.exit();
};

const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const probe = createServer().listen(0, '127.0.0.1', () => {
  const { port } = probe.address();
  probe.close(() => {
    const server = spawn(
      process.execPath,
      [launcher, 'run', '--path', persistPath, '--host', '127.0.0.1', '--port', String(port)],
      {
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, KIOKU_CHROMA_BINDING: binding, KIOKU_CHROMA_OWNER_PID: String(owner.pid) },
      },
    );
    const deadline = Date.now() + 240_000;
    const untilUp = async () => {
      if (!alive(server.pid)) return done('server exited before it answered');
      if (Date.now() > deadline) return done('server did not answer');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v2/heartbeat`)).ok) return ownerKilled();
      } catch {
        // not up yet
      }
      setTimeout(untilUp, 250);
    };
    const ownerKilled = () => {
      process.kill(owner.pid);
      const killed = Date.now();
      const timer = setInterval(() => {
        if (!alive(server.pid)) done(`server ended ${Date.now() - killed} ms after its owner`);
        if (Date.now() - killed > 30_000) {
          clearInterval(timer);
          process.kill(server.pid);
          done('server still running 30 s after its owner ended');
        }
      }, 50);
    };
    untilUp();
  });
});
