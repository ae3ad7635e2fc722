/** `kioku http keys …` in process: the token is printed once on stdout; list never shows tokens. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyStore } from '../auth/api-key-store';
import { runKeysCommand } from './keys.command';

function capture() {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t),
    err: (t: string) => void (io.stderr += t),
  };
  return io;
}

describe('keys command', () => {
  let dir: string;
  let keys: ApiKeyStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kioku-keys-cli-'));
    keys = new ApiKeyStore(join(dir, 'api-keys.json'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates, lists and revokes', async () => {
    const created = capture();
    expect(await runKeysCommand(['create', '--namespace', 'alpha', '--label', 'laptop'], keys, created)).toBe(
      0,
    );
    const token = created.stdout.trim();
    expect(token).toMatch(/^kioku_[0-9a-f]{12}_\S{43}$/);
    expect(created.stderr).toMatch(
      /Created API key key_[0-9a-f]{12} for namespace "alpha" \(label: laptop\)/,
    );
    expect(created.stderr).not.toContain(token);
    const keyId = `key_${token.slice(6, 18)}`;

    const listed = capture();
    expect(await runKeysCommand(['list'], keys, listed)).toBe(0);
    expect(listed.stdout).toMatch(/^ID\s+NAMESPACE\s+LABEL\s+CREATED\s+STATUS\n/);
    expect(listed.stdout).toContain(keyId);
    expect(listed.stdout).toContain('active');
    expect(listed.stdout).not.toContain(token.slice(19));

    const json = capture();
    await runKeysCommand(['list', '--json'], keys, json);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ id: keyId, namespace: 'alpha', revokedAt: null }),
    ]);
    expect(json.stdout).not.toContain(token.slice(19));

    const revoked = capture();
    expect(await runKeysCommand(['revoke', keyId], keys, revoked)).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${keyId}`);
    const after = capture();
    await runKeysCommand(['list'], keys, after);
    expect(after.stdout).toMatch(/revoked \d{4}-/);
  });

  it('explains usage errors with exit code 2 and unknown ids with 1', async () => {
    const io = capture();
    expect(await runKeysCommand(['create'], keys, io)).toBe(2);
    expect(io.stderr).toMatch(/--namespace is required/);
    expect(await runKeysCommand(['create', '--namespace', 'Bad Name'], keys, io)).toBe(2);
    expect(io.stderr).toMatch(/INVALID_INPUT: namespace must be/);
    expect(await runKeysCommand(['revoke'], keys, io)).toBe(2);
    expect(await runKeysCommand(['revoke', 'key_000000000000'], keys, io)).toBe(1);
    expect(await runKeysCommand(['rotate'], keys, io)).toBe(2);
    expect(io.stdout).toBe('');
  });
});
