/**
 * Test helper: packs this checkout (`npm pack`, the dist/ the test run built) and installs the tarball
 * globally into a temporary prefix, as a user would (`npm install -g`), from the npm cache where it
 * can. The install uses the Node that runs the tests, and builds native addons against that Node's
 * headers, so the suite can run on several Node versions. Dependencies whose install scripts the
 * project approved (package.json `allowScripts`) may run them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
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
  // Headers of the running Node (bin/../include/node), for addons compiled at install.
  const env = {
    ...process.env,
    PATH: path,
    npm_config_nodedir: dirname(nodeDir),
    npm_config_update_notifier: 'false',
  };
  const npm = (args: string[], cwd: string) =>
    execFileSync('npm', args, {
      cwd,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 540_000,
    });

  const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', dir], REPOSITORY_ROOT)
    .trim()
    .split('\n')
    .at(-1)!;
  const prefix = join(dir, 'prefix');
  const approved = approvedInstallScripts();
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
      join(dir, tarball),
    ],
    dir,
  );
  return { prefix, bin: join(prefix, 'bin', 'kioku'), path };
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
