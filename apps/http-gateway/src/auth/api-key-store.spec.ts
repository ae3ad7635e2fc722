/** The hashed API key file: create, list, revoke, verify; atomic 0600 writes; other processes' changes. */
import crypto from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyStore } from './api-key-store';
import { tokenDigest } from './api-key-token';

describe('ApiKeyStore', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kioku-keys-'));
    file = join(dir, 'data', 'api-keys.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a key bound to a namespace and stores only the SHA-256 of its token, in a 0600 file', async () => {
    const store = new ApiKeyStore(file);
    const { key, token } = await store.create({ namespace: 'alpha', label: 'ci runner' });
    expect(token).toMatch(/^kioku_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key).toEqual({
      id: `key_${token.slice(6, 18)}`,
      namespace: 'alpha',
      label: 'ci runner',
      createdAt: expect.any(String),
      revokedAt: null,
    });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(19));
    expect(JSON.parse(text).keys[0].sha256).toBe(tokenDigest(token));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'data')).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual(
      [],
    );
  });

  it('verifies tokens with a constant-time comparison of equal-length digests', async () => {
    const store = new ApiKeyStore(file);
    const { key, token } = await store.create({ namespace: 'alpha' });
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    expect(store.verify(token)).toEqual({ ok: true, key });
    expect(compare).toHaveBeenCalledTimes(1);
    const [a, b] = compare.mock.calls[0] as [Buffer, Buffer];
    expect(a.length).toBe(32);
    expect(b.length).toBe(32);

    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(store.verify(forged)).toEqual({ ok: false, reason: 'unknown' });
    const unknownId = `kioku_000000000000_${token.slice(19)}`;
    expect(store.verify(unknownId)).toEqual({ ok: false, reason: 'unknown' });
    expect(compare).toHaveBeenCalledTimes(3);
    expect(store.verify('kioku_nope')).toEqual({ ok: false, reason: 'malformed' });
    compare.mockRestore();
  });

  it('lists keys without tokens or digests and revokes them (idempotently)', async () => {
    const store = new ApiKeyStore(file);
    const a = await store.create({ namespace: 'alpha' });
    const b = await store.create({ namespace: 'beta', label: 'second' });
    expect(store.list().map((k) => [k.id, k.namespace])).toEqual([
      [a.key.id, 'alpha'],
      [b.key.id, 'beta'],
    ]);
    expect(JSON.stringify(store.list())).not.toMatch(/sha256|kioku_/);
    const revoked = await store.revoke(a.key.id);
    expect(revoked?.revokedAt).toEqual(expect.any(String));
    expect((await store.revoke(a.key.id))?.revokedAt).toBe(revoked?.revokedAt);
    expect(await store.revoke('key_000000000000')).toBeNull();
    expect(store.verify(a.token)).toEqual({ ok: false, reason: 'revoked' });
    expect(store.verify(b.token).ok).toBe(true);
    expect(store.hasActiveKeys()).toBe(true);
  });

  it("sees another process's changes on the next verification (create, revoke)", async () => {
    const gateway = new ApiKeyStore(file);
    const cli = new ApiKeyStore(file);
    expect(gateway.hasActiveKeys()).toBe(false);
    const { key, token } = await cli.create({ namespace: 'alpha' });
    expect(gateway.verify(token).ok).toBe(true);
    await cli.revoke(key.id);
    expect(gateway.verify(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('sees an update of a Kubernetes Secret volume (the kubelet swaps the ..data symlink)', async () => {
    // The kubelet's layout: <mount>/api-keys.json -> ..data/api-keys.json, ..data -> ..<timestamp>/
    const mount = join(dir, 'secret');
    const cli = new ApiKeyStore(file);
    const { key, token } = await cli.create({ namespace: 'alpha' });
    const publish = (version: string) => {
      mkdirSync(join(mount, version), { recursive: true });
      copyFileSync(file, join(mount, version, 'api-keys.json'));
      symlinkSync(version, join(mount, '..data_tmp'));
      renameSync(join(mount, '..data_tmp'), join(mount, '..data'));
    };
    publish('..2026_01');
    symlinkSync(join('..data', 'api-keys.json'), join(mount, 'api-keys.json'));
    const gateway = new ApiKeyStore(join(mount, 'api-keys.json'));
    expect(gateway.verify(token).ok).toBe(true);

    await cli.revoke(key.id);
    publish('..2026_02');
    expect(gateway.verify(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('loses no key when several writers create at once', async () => {
    const stores = Array.from({ length: 5 }, () => new ApiKeyStore(file));
    const created = await Promise.all(
      stores.flatMap((store, i) => [
        store.create({ namespace: `ns-${i}` }),
        store.create({ namespace: `ns-${i}` }),
      ]),
    );
    const reader = new ApiKeyStore(file);
    expect(reader.list()).toHaveLength(10);
    for (const { token } of created) expect(reader.verify(token).ok).toBe(true);
  });

  it('refuses bad namespaces and labels', async () => {
    const store = new ApiKeyStore(file);
    await expect(store.create({ namespace: '../etc' })).rejects.toThrow(/namespace must be/);
    await expect(store.create({ namespace: '' })).rejects.toThrow(/namespace must be/);
    await expect(store.create({ namespace: 'ok', label: 'x'.repeat(101) })).rejects.toThrow(/label/);
    await expect(store.create({ namespace: 'ok', label: 'bad\nlabel' })).rejects.toThrow(/label/);
  });

  it('fails closed on a corrupt file: nothing verifies and nothing is overwritten', async () => {
    const store = new ApiKeyStore(file);
    const { token } = await store.create({ namespace: 'alpha' });
    writeFileSync(file, '{ not json');
    expect(store.verify(token)).toEqual({ ok: false, reason: 'unknown' });
    await expect(store.create({ namespace: 'beta' })).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
