import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchedPackageDir, locateBinding } from './chroma-binding';
import type { ChromaBuild } from './chroma-platform';
import { untrustedFolder } from './trusted-folder';

const NAME = 'chromadb-js-bindings-linux-x64-gnu';
const CURRENT: ChromaBuild = { packageName: NAME, version: '1.3.4', legacy: false };
const LEGACY: ChromaBuild = { packageName: NAME, version: '1.0.5', legacy: true };
/** A pid no process has (above Linux's and macOS's pid limits). */
const DEAD_PID = 2_147_483_646;

describe('locateBinding', () => {
  let root: string;
  let resolveFrom: string;
  let runtimeDir: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kioku-binding-'));
    // A tree like an installed one: kioku, with what is installed beside it.
    mkdirSync(join(root, 'node_modules', 'kioku'), { recursive: true });
    resolveFrom = join(root, 'node_modules', 'kioku', 'index.js');
    writeFileSync(resolveFrom, '');
    runtimeDir = join(root, 'data', 'runtime');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function installBinding(dir: string, version: string): void {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: NAME, version }));
  }

  const noNpm = { PATH: '/no-such-dir' };

  it('returns a build installed beside kioku when it is the version asked for', async () => {
    installBinding(join(root, 'node_modules', NAME), '1.3.4');
    await expect(
      locateBinding(CURRENT, { runtimeDirs: [runtimeDir], npmEnvironment: noNpm, resolveFrom }),
    ).resolves.toBe(join(root, 'node_modules', NAME));
    await expect(
      locateBinding(LEGACY, { runtimeDirs: [runtimeDir], npmEnvironment: noNpm, resolveFrom }),
    ).rejects.toThrow('Could not fetch');
  });

  it('returns a build fetched earlier into the runtime dir, without npm', async () => {
    const fetched = fetchedPackageDir(runtimeDir, NAME, '1.0.5');
    installBinding(fetched, '1.0.5');
    await expect(
      locateBinding(LEGACY, { runtimeDirs: [runtimeDir], npmEnvironment: noNpm, resolveFrom }),
    ).resolves.toBe(fetched);
  });

  it('finds the build in a later runtime dir (the data dir’s) when the package’s has none', async () => {
    const packageRuntime = join(root, 'package', 'runtime');
    const fetched = fetchedPackageDir(runtimeDir, NAME, '1.3.4');
    installBinding(fetched, '1.3.4');
    await expect(
      locateBinding(CURRENT, {
        runtimeDirs: [packageRuntime, runtimeDir],
        npmEnvironment: noNpm,
        resolveFrom,
      }),
    ).resolves.toBe(fetched);
  });

  it('refuses a build in a folder others may write to, or of another version, and says why', async () => {
    const fetched = fetchedPackageDir(runtimeDir, NAME, '1.3.4');
    installBinding(fetched, '1.3.4');
    chmodSync(runtimeDir, 0o777);
    await expect(
      locateBinding(CURRENT, { runtimeDirs: [runtimeDir], npmEnvironment: noNpm, resolveFrom }),
    ).rejects.toThrow(`The Chroma build in ${runtimeDir} is not used: others may write to it (mode 777)`);
    chmodSync(runtimeDir, 0o700);
    writeFileSync(join(fetched, 'package.json'), JSON.stringify({ name: NAME, version: '0.0.1' }));
    await expect(
      locateBinding(CURRENT, { runtimeDirs: [runtimeDir], npmEnvironment: noNpm, resolveFrom }),
    ).rejects.toThrow('it is version 0.0.1, not 1.3.4');
  });

  it('fetches into the first writable runtime dir and keeps a live process’s fetch in progress', async () => {
    const notWritable = join(root, 'a-file');
    writeFileSync(notWritable, '');
    const inProgress = `${NAME}@1.0.5.${process.pid === 1 ? 2 : 1}.tmp`;
    mkdirSync(join(runtimeDir, inProgress), { recursive: true });
    const error = await locateBinding(LEGACY, {
      runtimeDirs: [join(notWritable, 'runtime'), runtimeDir],
      npmEnvironment: noNpm,
      resolveFrom,
    }).catch((e: unknown) => e as Error);
    // The fetch went to the second dir (npm cannot run here, so it fails there).
    expect((error as Error).message).toContain(`--prefix ${join(runtimeDir, `${NAME}@1.0.5`)}`);
    expect(readdirSync(runtimeDir)).toEqual([inProgress]);
  });

  it('reports a failed fetch with the command to run by hand and leaves nothing behind', async () => {
    // What a fetch cut short by kill -9 leaves (its pid is gone).
    mkdirSync(join(runtimeDir, `${NAME}@1.0.5.${DEAD_PID}.tmp`), { recursive: true });
    const error = await locateBinding(LEGACY, {
      runtimeDirs: [runtimeDir],
      npmEnvironment: noNpm,
      resolveFrom,
    }).catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain(`Could not fetch ${NAME}@1.0.5`);
    expect((error as Error).message).toContain(`npm install --prefix ${join(runtimeDir, `${NAME}@1.0.5`)}`);
    expect(readdirSync(runtimeDir)).toEqual([]);
  });

  it('runs npm with its own settings from the environment it is given', async () => {
    // A stand-in npm on PATH that records what it was given, then fails.
    const bin = join(root, 'bin');
    const record = join(root, 'npm-environment.json');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'npm'),
      `#!/bin/sh\nnode -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env))' ${record}\nexit 1\n`,
      { mode: 0o755 },
    );
    const npmEnvironment = {
      PATH: `${bin}:${process.env['PATH'] ?? ''}`,
      HTTPS_PROXY: 'http://proxy.example:3128',
      npm_config_cafile: '/etc/corp-ca.pem',
    };
    await expect(
      locateBinding(CURRENT, { runtimeDirs: [runtimeDir], npmEnvironment, resolveFrom }),
    ).rejects.toThrow('Could not fetch');
    const seen = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>;
    expect(seen).toMatchObject({
      HTTPS_PROXY: 'http://proxy.example:3128',
      npm_config_cafile: '/etc/corp-ca.pem',
    });
  });
});

describe('untrustedFolder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-trusted-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('trusts a folder of this user’s that only it may write to', () => {
    const folder = join(dir, 'mine');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    expect(untrustedFolder(folder)).toBeUndefined();
  });

  it('refuses a folder of another user, one others may write to, a link and a file', () => {
    const folder = join(dir, 'theirs');
    mkdirSync(folder, { mode: 0o700 });
    const uid = process.getuid?.() ?? 0;
    expect(untrustedFolder(folder, { uid: uid + 1 })).toBe(`it belongs to another user (uid ${uid})`);
    chmodSync(folder, 0o775);
    expect(untrustedFolder(folder)).toBe('others may write to it (mode 775)');
    symlinkSync(folder, join(dir, 'link'));
    expect(untrustedFolder(join(dir, 'link'))).toBe('it is a symbolic link');
    writeFileSync(join(dir, 'file'), '');
    expect(untrustedFolder(join(dir, 'file'))).toBe('it is not a folder');
    expect(untrustedFolder(join(dir, 'missing'))).toBe('it does not exist');
  });

  it('leaves Windows folders to their ACLs', () => {
    const folder = join(dir, 'windows');
    mkdirSync(folder, { mode: 0o777 });
    chmodSync(folder, 0o777);
    expect(untrustedFolder(folder, { platform: 'win32' })).toBeUndefined();
  });
});
