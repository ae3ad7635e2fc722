/**
 * API keys in `<KIOKU_DATA_DIR>/api-keys.json`: one record per key (id, namespace, label, created,
 * revoked, SHA-256 digest of the token — never the token). Changes (`keys create`, `keys revoke`) run
 * under a cross-process lock file and replace the file atomically (write a 0600 temporary file, fsync,
 * rename), so concurrent CLI calls never lose a key and a running gateway never reads half a file.
 *
 * A running gateway re-reads the file whenever its identity (inode, size, mtime) changes, so a key
 * created or revoked by the CLI takes effect on the next request. An unreadable file fails closed:
 * no key verifies until it is fixed.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { z } from 'zod';
import { AppError } from '@kioku/kernel';
import { acquireLock } from '@kioku/file-lock';
import { envSchema } from '@kioku/config';
import { digestsEqual, issueToken, keyIdOf, tokenDigest } from './api-key-token';

const keyRecordSchema = z.object({
  id: z.string().regex(/^key_[0-9a-f]{12}$/),
  namespace: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
const keyFileSchema = z.object({ version: z.literal(1), keys: z.array(keyRecordSchema) });

type KeyRecord = z.infer<typeof keyRecordSchema>;

/** What may be shown about a key: everything but its digest. */
export type ApiKeyInfo = Omit<KeyRecord, 'sha256'>;

export type KeyVerification =
  { ok: true; key: ApiKeyInfo } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

/** Digest of nothing in particular: compared against when a key id is unknown, to keep timing flat. */
const DECOY_DIGEST = tokenDigest('kioku-decoy');
const LABEL_MAX = 100;

export class ApiKeyStore {
  private cache: { identity: string; keys: Map<string, KeyRecord> } | null = null;

  constructor(
    readonly file: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates a key for the namespace; the returned token is the only copy there will ever be. */
  async create(input: { namespace: string; label?: string }): Promise<{ key: ApiKeyInfo; token: string }> {
    const namespace = validNamespace(input.namespace);
    const label = validLabel(input.label);
    const issued = issueToken();
    const record: KeyRecord = {
      id: issued.keyId,
      namespace,
      label,
      createdAt: this.now().toISOString(),
      revokedAt: null,
      sha256: issued.digest,
    };
    await this.change((keys) => {
      if (keys.some((k) => k.id === record.id))
        throw new AppError('CONFLICT', 'Key id collision; try again.');
      return [...keys, record];
    });
    return { key: info(record), token: issued.token };
  }

  /** Every key, revoked ones included, oldest first. */
  list(): ApiKeyInfo[] {
    return [...this.current().values()].map(info);
  }

  /** Marks the key revoked (idempotent); null when there is no such key. */
  async revoke(id: string): Promise<ApiKeyInfo | null> {
    let revoked: KeyRecord | null = null;
    await this.change((keys) =>
      keys.map((k) => {
        if (k.id !== id) return k;
        revoked = { ...k, revokedAt: k.revokedAt ?? this.now().toISOString() };
        return revoked;
      }),
    );
    return revoked ? info(revoked) : null;
  }

  hasActiveKeys(): boolean {
    return this.list().some((k) => k.revokedAt === null);
  }

  /** Checks a presented bearer token: its digest against the stored one, in constant time. */
  verify(token: string): KeyVerification {
    const keyId = keyIdOf(token);
    if (!keyId) return { ok: false, reason: 'malformed' };
    const record = this.current().get(keyId);
    const matches = digestsEqual(record?.sha256 ?? DECOY_DIGEST, tokenDigest(token));
    if (!record || !matches) return { ok: false, reason: 'unknown' };
    if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
    return { ok: true, key: info(record) };
  }

  /** The keys as currently on disk (re-read when the file changed). */
  private current(): Map<string, KeyRecord> {
    const identity = fileIdentity(this.file);
    if (this.cache?.identity === identity) return this.cache.keys;
    let keys: Map<string, KeyRecord>;
    try {
      keys = new Map(readKeys(this.file).map((k) => [k.id, k]));
    } catch {
      keys = new Map();
    }
    this.cache = { identity, keys };
    return keys;
  }

  private async change(apply: (keys: KeyRecord[]) => KeyRecord[]): Promise<void> {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const release = await acquireLock(`${this.file}.lock`, { timeoutMs: 10_000 });
    try {
      writeAtomically(this.file, { version: 1, keys: apply(readKeys(this.file)) });
      this.cache = null;
    } finally {
      release?.();
    }
  }
}

function readKeys(file: string): KeyRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = keyFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new AppError('CONFIG_INVALID', `The API key file ${file} is not in the expected format.`);
  }
  return parsed.data.keys;
}

function writeAtomically(file: string, content: unknown): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(content, null, 2) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, file);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
}

function fileIdentity(file: string): string {
  try {
    const stat = statSync(file, { bigint: true });
    return `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

function info(record: KeyRecord): ApiKeyInfo {
  const { sha256: _digest, ...rest } = record;
  return rest;
}

function validNamespace(namespace: string): string {
  const result = envSchema.shape.KIOKU_NAMESPACE.safeParse(namespace);
  if (!result.success || namespace.trim() === '') {
    throw AppError.invalidInput(
      'namespace must be 1-63 characters of a-z, 0-9, _ or -, starting with a letter or digit.',
    );
  }
  return result.data;
}

function validLabel(label: string | undefined): string | null {
  const trimmed = label?.trim();
  if (!trimmed) return null;
  if (trimmed.length > LABEL_MAX || /[\p{Cc}]/u.test(trimmed)) {
    throw AppError.invalidInput(`label must be at most ${LABEL_MAX} printable characters.`);
  }
  return trimmed;
}
