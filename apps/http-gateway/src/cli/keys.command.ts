/**
 * `kioku http keys …`: API key management on the data dir's key file (no server needed).
 *   keys create --namespace <ns> [--label <text>]  prints the token once on stdout (details on stderr)
 *   keys list [--json]                              ids, namespaces, labels, created, revoked — never tokens
 *   keys revoke <key id>                            takes effect on a running gateway's next request
 * Returns the exit code: 0 done, 1 not found, 2 usage error.
 */
import { toAppError } from '@kioku/kernel';
import type { ApiKeyStore } from '../auth/api-key-store';

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const KEYS_USAGE =
  'Usage: kioku http keys create --namespace <ns> [--label <text>]\n' +
  '       kioku http keys list [--json]\n' +
  '       kioku http keys revoke <key id>\n';

export async function runKeysCommand(argv: string[], keys: ApiKeyStore, io: CommandOutput): Promise<number> {
  const [action, ...rest] = argv;
  try {
    switch (action) {
      case 'create':
        return await create(rest, keys, io);
      case 'list':
        return list(rest, keys, io);
      case 'revoke':
        return await revoke(rest, keys, io);
      default:
        io.err(KEYS_USAGE);
        return 2;
    }
  } catch (error) {
    const appError = toAppError(error);
    io.err(`kioku: ${appError.code}: ${appError.message}\n`);
    return appError.code === 'INVALID_INPUT' ? 2 : 1;
  }
}

async function create(argv: string[], keys: ApiKeyStore, io: CommandOutput): Promise<number> {
  const namespace = flag(argv, '--namespace');
  if (namespace === undefined) {
    io.err(`--namespace is required.\n${KEYS_USAGE}`);
    return 2;
  }
  const { key, token } = await keys.create({ namespace, label: flag(argv, '--label') });
  io.err(
    `Created API key ${key.id} for namespace "${key.namespace}"${key.label ? ` (label: ${key.label})` : ''}.\n` +
      'The token below is shown only this once; send it as "Authorization: Bearer <token>".\n',
  );
  io.out(`${token}\n`);
  return 0;
}

function list(argv: string[], keys: ApiKeyStore, io: CommandOutput): number {
  const all = keys.list();
  if (argv.includes('--json')) {
    io.out(JSON.stringify(all, null, 2) + '\n');
    return 0;
  }
  if (all.length === 0) {
    io.err('No API keys. Create one with: kioku http keys create --namespace <ns>\n');
    return 0;
  }
  const rows = all.map((k) => [
    k.id,
    k.namespace,
    k.label ?? '',
    k.createdAt,
    k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
  ]);
  const header = ['ID', 'NAMESPACE', 'LABEL', 'CREATED', 'STATUS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows])
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd() + '\n',
    );
  return 0;
}

async function revoke(argv: string[], keys: ApiKeyStore, io: CommandOutput): Promise<number> {
  const id = argv[0];
  if (!id) {
    io.err(`A key id is required.\n${KEYS_USAGE}`);
    return 2;
  }
  const revoked = await keys.revoke(id);
  if (!revoked) {
    io.err(`No API key with id ${id}.\n`);
    return 1;
  }
  io.out(`Revoked ${revoked.id} (namespace "${revoked.namespace}").\n`);
  return 0;
}

function flag(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index >= 0) return argv[index + 1];
  const inline = argv.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}
