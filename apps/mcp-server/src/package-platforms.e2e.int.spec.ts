/**
 * The packed tarball as npm installs it on each platform kioku supports (`--os`, `--cpu`, `--libc`,
 * install scripts off: those binaries cannot run here): the install succeeds and holds what the
 * default store needs on that platform — better-sqlite3 13's and usearch's prebuilt binaries, which
 * each of those packages ships for every platform (17 MB and 11 MB) — and no other native file: no
 * Chroma build (the managed server is an opt-in that fetches it), no development tools, no addon to
 * compile, and it stays lean.
 */
import { closeSync, mkdtempSync, openSync, readSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { installForPlatform, packKioku } from './testing/installed-package';

/** `beforeMb`: the installed size with the managed Chroma build, before the in-process store. */
const PLATFORMS = [
  { os: 'darwin', cpu: 'arm64', beforeMb: 176 },
  { os: 'darwin', cpu: 'x64', beforeMb: 178 },
  { os: 'win32', cpu: 'x64', beforeMb: 184 },
  { os: 'linux', cpu: 'arm64', libc: 'glibc', beforeMb: 178 },
  { os: 'linux', cpu: 'x64', libc: 'glibc', beforeMb: 182 },
];
/** The packages that hold every platform's binaries (see above), and this platform's file in each. */
const PREBUILDS = {
  sqlite: (t: Target) => join('better-sqlite3-napi', 'prebuilds', `${t.os}-${t.cpu}.node`),
  usearch: (t: Target) =>
    join('usearch', 'prebuilds', t.os === 'darwin' ? 'darwin-arm64+x64' : `${t.os}-${t.cpu}`, 'usearch.node'),
};

type Target = (typeof PLATFORMS)[number];

describe('the packed kioku installed for each platform', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-platforms-'));
  const prefixes: string[] = [];
  let tarball: string;

  beforeAll(() => {
    tarball = packKioku(dir);
  }, 120_000);

  afterAll(() => {
    for (const prefix of [dir, ...prefixes]) rmSync(prefix, { recursive: true, force: true });
  });

  it.each(PLATFORMS)(
    "$os-$cpu: the store's binaries for it, no Chroma build, no development tools, lean",
    (target) => {
      const prefix = installForPlatform(tarball, target);
      prefixes.push(prefix);
      const modules = join(prefix, 'lib', 'node_modules', 'kioku', 'node_modules');

      const natives = nativeBinaries(modules);
      for (const own of Object.values(PREBUILDS)) expect(natives).toContain(own(target));
      const elsewhere = natives.filter(
        (file) =>
          !file.startsWith(join('better-sqlite3-napi', 'prebuilds') + sep) &&
          !file.startsWith(join('usearch', 'prebuilds') + sep),
      );
      expect(elsewhere).toEqual([]);
      expect(readdirSync(modules).filter((name) => name.startsWith('chromadb'))).toEqual([]);
      for (const tool of [
        'typescript',
        '@typescript',
        'better-sqlite3',
        'tsx',
        'esbuild',
        'node-gyp',
        'onnxruntime-node',
      ]) {
        expect(readdirSync(modules)).not.toContain(tool);
      }
      expect(megabytes(prefix)).toBeLessThanOrEqual(target.beforeMb);
    },
    300_000,
  );
});

/** Files (relative to `root`) that start like a native binary: ELF, Mach-O or a Windows PE. */
function nativeBinaries(root: string): string[] {
  const found: string[] = [];
  const header = Buffer.alloc(4);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const fd = openSync(path, 'r');
        const read = readSync(fd, header, 0, 4, 0);
        closeSync(fd);
        if (read === 4 && isNative(header)) found.push(relative(root, path));
      }
    }
  };
  walk(root);
  return found;
}

function isNative(header: Buffer): boolean {
  const magic = header.readUInt32BE(0);
  return (
    magic === 0x7f454c46 || // ELF
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic) || // Mach-O
    header.subarray(0, 2).toString('latin1') === 'MZ' // PE
  );
}

function megabytes(root: string): number {
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) bytes += statSync(path).size;
    }
  };
  walk(root);
  return bytes / 1024 / 1024;
}
