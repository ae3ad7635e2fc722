/**
 * The packed tarball as npm installs it on each platform kioku supports (`--os`, `--cpu`, `--libc`,
 * install scripts off: those binaries cannot run here): the install succeeds, brings that platform's
 * Chroma build and no other platform's, no development tools, no addon to compile, and stays lean.
 * The only other native files are better-sqlite3 13's prebuilt binaries, which that one package ships
 * for every platform (17 MB).
 */
import { closeSync, mkdtempSync, openSync, readSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { chromaPlatform } from '@kioku/vector-store-chroma';
import { installForPlatform, packKioku } from './testing/installed-package';

const PLATFORMS = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
];
const MAX_INSTALLED_MB = 200;
/** The one package allowed to hold other platforms' binaries (see above). */
const SQLITE_PREBUILDS = join('better-sqlite3-napi', 'prebuilds') + sep;

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
    '$os-$cpu: its Chroma build only, no development tools, lean',
    (target) => {
      const prefix = installForPlatform(tarball, target);
      prefixes.push(prefix);
      const modules = join(prefix, 'lib', 'node_modules', 'kioku', 'node_modules');
      const binding = chromaPlatform({
        platform: target.os as NodeJS.Platform,
        arch: target.cpu,
      }).bindingPackage;

      const natives = nativeBinaries(modules).filter((file) => !file.startsWith(SQLITE_PREBUILDS));
      expect(natives).toHaveLength(1);
      expect(natives[0]).toMatch(new RegExp(`(^|/)${binding}/[^/]+\\.node$`));
      for (const tool of ['typescript', '@typescript', 'better-sqlite3', 'tsx', 'esbuild', 'node-gyp', 'onnxruntime-node']) {
        expect(readdirSync(modules)).not.toContain(tool);
      }
      expect(megabytes(prefix)).toBeLessThanOrEqual(MAX_INSTALLED_MB);
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
