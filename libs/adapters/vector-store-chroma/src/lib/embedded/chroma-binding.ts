/**
 * Finds the native Chroma build the launcher loads (`chroma-platform.ts` says which). chromadb brings
 * its platform's current build as an optional dependency, so that one is resolved beside chromadb.
 * Where only the legacy build loads (Linux with glibc < 2.39), it is used when chromadb's copy is that
 * version (a development checkout pins it); otherwise it is fetched once with npm (about 105 MB to
 * download, 440 MB unpacked) so that installs on a current glibc never pay for it. It goes into the
 * first writable of the runtime dirs: `runtime/` of the installed kioku package (shared by every data
 * dir, removed with the package), else `<dataDir>/runtime/`. The fetch uses the user's npm and its
 * configuration (registry, proxy, cache: ~/.npmrc). Two processes fetching at once each unpack into
 * a temporary folder of their own; the first to finish moves it into place, the other discards its.
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

export interface LocateBindingOptions {
  /** Where a fetched build is looked for, in order; it is fetched into the first writable one. */
  runtimeDirs: string[];
  /** Runs npm (the environment of the embedded server: PATH, HOME, …). */
  environment: Record<string, string>;
  /** Where chromadb's own optional bindings are resolved from (default: beside `chromadb`). */
  resolveFrom?: string;
  logger?: Logger;
}

/** The binding's package directory (what the launcher `require`s). */
export async function locateBinding(build: ChromaBuild, options: LocateBindingOptions): Promise<string> {
  const beside = packageBesideChromadb(build.packageName, options.resolveFrom);
  if (!build.legacyVersion) {
    if (beside) return beside.dir;
    throw new Error(
      `${build.packageName} is not installed (chromadb's optional dependency for this platform); ` +
        'reinstall kioku without --omit=optional.',
    );
  }
  if (beside?.version === build.legacyVersion) return beside.dir;
  const { packageName, legacyVersion } = build;
  const found = options.runtimeDirs
    .map((runtimeDir) => fetchedPackageDir(runtimeDir, packageName, legacyVersion))
    .find((dir) => existsSync(join(dir, 'package.json')));
  if (found) return found;
  const runtimeDir = options.runtimeDirs.find(writable);
  if (!runtimeDir) throw new Error(`None of ${options.runtimeDirs.join(', ')} is writable.`);
  await fetchPackage(build, runtimeDir, options);
  return fetchedPackageDir(runtimeDir, packageName, legacyVersion);
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

/** Where `fetchPackage` puts `name@version` under the runtime dir. */
export function fetchedPackageDir(runtimeDir: string, name: string, version: string): string {
  return join(runtimeDir, `${name}@${version}`, 'node_modules', name);
}

function packageBesideChromadb(
  name: string,
  resolveFrom?: string,
): { dir: string; version: string } | undefined {
  try {
    // chromadb's binding sits beside chromadb or is nested in chromadb/node_modules: resolve from there.
    const from = createRequire(resolveFrom ?? require.resolve('chromadb'));
    const manifest = from.resolve(`${name}/package.json`);
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
  const { packageName, legacyVersion } = build as Required<ChromaBuild>;
  const target = join(runtimeDir, `${packageName}@${legacyVersion}`);
  const temporary = `${target}.${process.pid}.tmp`;
  // A fetch cut short (its process killed) left a temporary folder named after its pid: remove it.
  const prefix = `${packageName}@${legacyVersion}.`;
  for (const entry of readdirSync(runtimeDir)) {
    const pid = Number(entry.slice(prefix.length, -'.tmp'.length));
    if (entry.startsWith(prefix) && entry.endsWith('.tmp') && !isProcessAlive(pid)) {
      rmSync(join(runtimeDir, entry), { recursive: true, force: true });
    }
  }
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { mode: 0o700 });
  const started = Date.now();
  options.logger?.warn('vector_store.chroma_embedded.fetching_build', {
    package: `${packageName}@${legacyVersion}`,
    why: 'this glibc is older than 2.39: the Chroma build for it (about 440 MB) is fetched once',
    into: runtimeDir,
  });
  try {
    await run(
      'npm',
      [
        'install',
        '--prefix',
        temporary,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--loglevel=error',
        `${packageName}@${legacyVersion}`,
      ],
      options.environment,
    );
    // Another process may have finished first: keep its copy (a running server may have it loaded).
    if (existsSync(target)) rmSync(temporary, { recursive: true, force: true });
    else renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw new Error(
      `Could not fetch ${packageName}@${legacyVersion}, the Chroma build for glibc < 2.39, with npm: ` +
        `${(error as Error).message}. Install it by hand: npm install --prefix ${target} ${packageName}@${legacyVersion}`,
      { cause: error },
    );
  }
  options.logger?.info('vector_store.chroma_embedded.fetched_build', {
    package: `${packageName}@${legacyVersion}`,
    ms: Date.now() - started,
  });
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
