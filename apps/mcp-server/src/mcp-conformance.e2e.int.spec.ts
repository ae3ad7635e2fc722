/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, which needs Node ≥ 22)
 * against kioku over Streamable HTTP: `kioku mcp --http` and the gateway's `/mcp`, for the scenarios
 * that apply to a memory server. `dns-rebinding-protection` needs a localhost URL.
 *
 * The others test the SDK's "everything" example server's own fixtures and do not apply:
 * `tools-call-{image,audio,embedded-resource,mixed-content,with-logging,with-progress,sampling,
 * elicitation}`, `elicitation-sep1034-defaults`, `elicitation-sep1330-enums`, `json-schema-2020-12`
 * and `server-sse-polling` call its test tools; `resources-read-{text,binary}` and
 * `resources-templates-read` read its `test://` resources; `prompts-get-{simple,with-args,
 * embedded-resource,with-image}` get its test prompts; `completion-complete` completes an argument of
 * its prompt `test_prompt_with_arguments`, which kioku answers, as the specification asks of an
 * unknown prompt, with -32602 (kioku's own completions are tested in mcp-prompts-completions.spec.ts
 * and mcp-capabilities.e2e.int.spec.ts).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from './testing/installed-package';
import { node22OrLater } from './testing/node22-binary';
import { KIOKU_BIN } from './testing/stdio-client';

const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'logging-set-level',
  'resources-list',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];
const CONFORMANCE = join(
  REPOSITORY_ROOT,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);

describe('MCP conformance scenarios over Streamable HTTP', () => {
  let node: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-conformance-'));
  const servers: ChildProcess[] = [];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dataDir,
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_LEVEL: 'warn',
  };

  beforeAll(() => {
    node = node22OrLater();
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (args: string[], extraEnv: Record<string, string>): Promise<string> => {
    const server = spawn(process.execPath, [KIOKU_BIN, ...args], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    servers.push(server);
    return new Promise((resolve, reject) => {
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const listening = /listening on (http:\/\/\S+)/.exec(stderr);
        if (listening) resolve(listening[1]);
      });
      server.once('exit', (code) => reject(new Error(`kioku ${args[0]} exited (${code}): ${stderr}`)));
    });
  };

  const conform = async (url: string, scenario: string) => {
    const { stdout } = await promisify(execFile)(
      node,
      [CONFORMANCE, 'server', '--url', url, '--scenario', scenario],
      {
        timeout: 60_000,
      },
    );
    return stdout;
  };

  it('kioku mcp --http passes them', async () => {
    const url = await start(['mcp', '--http', '--port', String(await freePort())], {});
    for (const scenario of SCENARIOS) {
      expect([scenario, await conform(url, scenario)]).toEqual([
        scenario,
        expect.stringMatching(/Passed: (\d+)\/\1, 0 failed/),
      ]);
    }
  }, 300_000);

  it("the gateway's /mcp passes them", async () => {
    const base = await start(['http'], { KIOKU_HTTP_PORT: '0', KIOKU_HTTP_ALLOW_ANONYMOUS: 'true' });
    for (const scenario of SCENARIOS) {
      expect([scenario, await conform(`${base}/mcp`, scenario)]).toEqual([
        scenario,
        expect.stringMatching(/Passed: (\d+)\/\1, 0 failed/),
      ]);
    }
  }, 300_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
