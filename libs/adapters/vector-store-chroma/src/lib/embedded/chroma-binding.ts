/**
 * Finds the native Chroma build the launcher loads (`chroma-platform.ts` says which package and
 * version). The managed Chroma server is an opt-in backend, so no install carries its build: it is
 * used where it is already installed (beside kioku, or in a development checkout, where chromadb's
 * optional dependencies bring it), else fetched once with npm (about 50 MB; 105 MB to download and
 * 440 MB unpacked for the build of glibc < 2.39) into the first writable of the runtime dirs:
 * `runtime/` of the installed kioku package (shared by every data dir, removed with the package),
 * else `<dataDir>/runtime/`.
 *
 * - npm runs with the user's npm configuration: ~/.npmrc, and the proxy, CA and `npm_config_*`
 *   variables of kioku's environment (`npmEnvironment`), which the server itself never gets.
 * - A fetched build is code kioku will run: it is used only from a folder that only its owner (the
 *   user, or root) can write, with the expected version; anything else is refused with the reason.
 * - Two processes fetching at once each unpack into a temporary folder of their own; the first to
 *   finish moves it into place, the other discards its.
 */
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Logger } from '@kioku/kernel';
import { isProcessAlive } from '@kioku/processes';
import type { ChromaBuild } from './chroma-platform';
import { untrustedFolder } from './trusted-folder';

export interface LocateBindingOptions {
  /** Where a fetched build is looked for, in order; it is fetched into the first writable one. */
  runtimeDirs: string[];
  /** The environment npm runs with (the server's, plus npm's own settings: proxy, CA, registry). */
  npmEnvironment: Record<string, string>;
  /** Where an installed build is resolved from (default: this module). */
  resolveFrom?: string;
  logger?: Logger;
}

/** The binding's package directory (what the launcher `require`s). */
export async function locateBinding(build: ChromaBuild, options: LocateBindingOptions): Promise<string> {
  const installed = installedPackage(build.packageName, options.resolveFrom);
  if (installed?.version === build.version) return installed.dir;
  for (const runtimeDir of options.runtimeDirs) {
    const dir = fetchedPackageDir(runtimeDir, build.packageName, build.version);
    if (existsSync(join(dir, 'package.json'))) return trusted(runtimeDir, dir, build);
  }
  const runtimeDir = options.runtimeDirs.find(writable);
  if (!runtimeDir) throw new Error(`None of ${options.runtimeDirs.join(', ')} is writable.`);
  const problem = untrustedFolder(runtimeDir);
  if (problem) throw new Error(`The Chroma build is not fetched into ${runtimeDir}: ${problem}.`);
  await fetchPackage(build, runtimeDir, options);
  return trusted(runtimeDir, fetchedPackageDir(runtimeDir, build.packageName, build.version), build);
}

/** Where `fetchPackage` puts `name@version` under the runtime dir. */
export function fetchedPackageDir(runtimeDir: string, name: string, version: string): string {
  return join(runtimeDir, `${name}@${version}`, 'node_modules', name);
}

/**
 * The fetched package's folder, once the runtime dir and the fetch's own folder (made 0700, so nobody
 * else reaches what is inside) are safe and the version is the one asked for.
 */
function trusted(runtimeDir: string, dir: string, build: ChromaBuild): string {
  for (const folder of [runtimeDir, join(runtimeDir, `${build.packageName}@${build.version}`)]) {
    const problem = untrustedFolder(folder);
    if (problem) throw new Error(`The Chroma build in ${folder} is not used: ${problem}.`);
  }
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
  if (version !== build.version) {
    throw new Error(
      `The Chroma build in ${dir} is not used: it is version ${String(version)}, not ${build.version}. Remove the folder.`,
    );
  }
  return dir;
}

function writable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function installedPackage(name: string, resolveFrom?: string): { dir: string; version: string } | undefined {
  try {
    const manifest = createRequire(resolveFrom ?? __filename).resolve(`${name}/package.json`);
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return { dir: dirname(manifest), version };
  } catch {
    return undefined;
  }
}

/** `npm install <name>@<version>` into a temporary folder, then renamed into place. */
async function fetchPackage(
  build: ChromaBuild,
  runtimeDir: string,
  options: LocateBindingOptions,
): Promise<void> {
  const spec = `${build.packageName}@${build.version}`;
  const target = join(runtimeDir, spec);
  const temporary = `${target}.${process.pid}.tmp`;
  removeAbandonedFetches(runtimeDir, `${spec}.`);
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { mode: 0o700 });
  const started = Date.now();
  options.logger?.warn('vector_store.chroma_embedded.fetching_build', {
    package: spec,
    why: build.legacy
      ? 'this glibc is older than 2.39: the Chroma build for it (about 440 MB) is fetched once'
      : 'the managed Chroma server needs its build (about 50 MB), fetched once',
    into: runtimeDir,
  });
  try {
    await run(
      'npm',
      ['install', '--prefix', temporary, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'].concat([
        '--ignore-scripts',
        '--loglevel=error',
        spec,
      ]),
      options.npmEnvironment,
    );
    // Another process may have finished first: keep its copy (a running server may have it loaded).
    if (existsSync(target)) rmSync(temporary, { recursive: true, force: true });
    else renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw new Error(
      `Could not fetch ${spec}, the managed Chroma server's build, with npm: ${(error as Error).message}. ` +
        `Install it by hand: npm install --prefix ${target} ${spec}`,
      { cause: error },
    );
  }
  options.logger?.info('vector_store.chroma_embedded.fetched_build', {
    package: spec,
    ms: Date.now() - started,
  });
}

/** A fetch cut short (its process killed) left a temporary folder named after its pid: remove it. */
function removeAbandonedFetches(runtimeDir: string, prefix: string): void {
  for (const entry of readdirSync(runtimeDir)) {
    const pid = Number(entry.slice(prefix.length, -'.tmp'.length));
    if (entry.startsWith(prefix) && entry.endsWith('.tmp') && !isProcessAlive(pid)) {
      rmSync(join(runtimeDir, entry), { recursive: true, force: true });
    }
  }
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    // npm is a script on Windows (npm.cmd), which only a shell starts.
    const child = spawn(command, args, {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      shell: process.platform === 'win32',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
