/**
 * Test helper: packs this checkout (`npm pack`, the dist/ the test run built) and installs the tarball
 * globally into a temporary prefix, as a user would (`npm install -g`), from the npm cache where it
 * can. The install uses the Node that runs the tests, and builds native addons against that Node's
 * headers, so the suite can run on several Node versions; on Node 20 it installs better-sqlite3 12
 * beside kioku, as Node 20 users do (see sqlite-driver.ts). Dependencies whose install scripts the
 * project approved (package.json `allowScripts`) may run them. An approved addon installed by
 * prebuild-install (better-sqlite3) gets the binary the checkout already compiled for this Node as a
 * "local prebuild" (prebuild-install's documented `local_prebuilds` option), so the test does not
 * compile it a second time; no prebuilt binary can be downloaded here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPOSITORY_ROOT = resolve(__dirname, '../../../..');

export interface InstalledPackage {
  prefix: string;
  /** The installed `kioku` command (prefix/bin/kioku). */
  bin: string;
  /** PATH with the test's Node first: the installed command's `#!/usr/bin/env node` runs it. */
  path: string;
}

export function installPackedKioku(): InstalledPackage {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-package-'));
  const nodeDir = dirname(process.execPath);
  const path = `${nodeDir}:${process.env.PATH ?? ''}`;
  const approved = approvedInstallScripts();
  // Headers of the running Node (bin/../include/node), for addons compiled at install.
  const env = {
    ...process.env,
    PATH: path,
    npm_config_nodedir: dirname(nodeDir),
    npm_config_update_notifier: 'false',
    ...localPrebuilds(approved, join(dir, 'prebuilds')),
  };
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, {
      cwd,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 540_000,
    });

  const tarball = packKioku(dir);
  const prefix = join(dir, 'prefix');
  npm(
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      ...(approved.length > 0 ? [`--allow-scripts=${approved.join(',')}`] : []),
      tarball,
      ...(NODE_MAJOR < 22 ? [`better-sqlite3@${node20Driver()}`] : []),
    ],
    dir,
  );
  return { prefix, bin: join(prefix, 'bin', 'kioku'), path };
}

/** `npm pack` of this checkout into `dir`; returns the tarball's path. */
export function packKioku(dir: string): string {
  const output = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return join(dir, output.trim().split('\n').at(-1)!);
}

/**
 * Installs the tarball globally into a new prefix for another platform, as npm resolves it there
 * (`--os`, `--cpu`, `--libc`), without running install scripts (their binaries cannot run here).
 * Returns the installed package's folder.
 */
export function installForPlatform(
  tarball: string,
  target: { os: string; cpu: string; libc?: string },
): string {
  const prefix = mkdtempSync(join(tmpdir(), `kioku-${target.os}-${target.cpu}-`));
  execFileSync(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `--os=${target.os}`,
      `--cpu=${target.cpu}`,
      ...(target.libc ? [`--libc=${target.libc}`] : []),
      tarball,
    ],
    {
      env: { ...process.env, npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 300_000,
    },
  );
  return prefix;
}

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** The better-sqlite3 version kioku names for Node 20 (its optional peer dependency). */
function node20Driver(): string {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
    peerDependencies: Record<string, string>;
  };
  return manifest.peerDependencies['better-sqlite3'];
}

/** Package names listed in the root package.json's `allowScripts` (entries may pin a version). */
function approvedInstallScripts(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  return Object.entries(manifest.allowScripts ?? {})
    .filter(([, allowed]) => allowed)
    .map(([entry]) => entry.replace(/(.)@.*$/, '$1'));
}

/** Environment that points prebuild-install at tarballs of the checkout's compiled addons. */
function localPrebuilds(packages: string[], dir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of packages) {
    const root = join(REPOSITORY_ROOT, 'node_modules', name);
    const release = join(root, 'build', 'Release');
    const manifest = existsSync(release)
      ? (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
          version: string;
          scripts?: { install?: string };
        })
      : undefined;
    if (!manifest?.scripts?.install?.includes('prebuild-install')) continue;
    // prebuild-install loads what it unpacks: the package's own addon, not test extensions beside it.
    const all = readdirSync(release).filter((file) => file.endsWith('.node'));
    const own = all.filter((file) => file === `${name.replace(/-/g, '_')}.node`);
    const addons = own.length > 0 ? own : all;
    // prebuild-install's file name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz
    const file = `${name}-v${manifest.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', [
      '-czf',
      join(dir, file),
      '-C',
      root,
      ...addons.map((addon) => `build/Release/${addon}`),
    ]);
    env[`npm_config_${name.replace(/[^a-zA-Z0-9]/g, '_')}_local_prebuilds`] = dir;
  }
  return env;
}
