/** Options of `kioku bench load`; parsing is pure and throws `BenchUsageError` with the reason. */
import { BenchUsageError, readCommandArgs } from '../lib/command-args';

export type LoadTransport = 'rest' | 'mcp';

/** A key of the gateway under load and the namespace it is bound to. */
export interface LoadKeyOption {
  namespace: string;
  token: string;
}

export interface LoadOptions {
  clients: number;
  /** Requests each client sends, one after the other. */
  requests: number;
  /** Share of the requests that are remembers (the rest recall), 0..1. */
  rememberShare: number;
  /** Run once per transport, in this order. */
  transports: LoadTransport[];
  /** The gateway to load; unset: start `kioku http` on the embedded default in a temporary data dir. */
  url?: string;
  /** Keys of the given gateway (with `--url`); a started gateway gets `namespaces × keysPerNamespace` new ones. */
  keys: LoadKeyOption[];
  namespaces: number;
  keysPerNamespace: number;
  /** Texts/s of the embedder alone, to compare with; measured in this process unless given. */
  embedRate?: number;
  jsonFile?: string;
  help: boolean;
}

export const LOAD_USAGE = `Usage: kioku bench load [options]

Many clients at once against one gateway: each sends its requests one after the other, a share of
them remembers (distinct notes) and the rest recalls, over REST and over MCP Streamable HTTP sessions
(one session per client). Prints requests/s, p50/p95/p99 per operation and the errors, then checks
that every acknowledged write is readable and that no namespace saw another's memories.

  --clients N            concurrent clients (default 50)
  --requests N           requests per client (default 20)
  --remember-share F     share of remembers, 0..1 (default 0.25)
  --transport T          rest, mcp or both (default both, REST first)
  --namespaces N         namespaces of a started gateway (default 3)
  --keys-per-namespace N keys per namespace of a started gateway (default 2)
  --url URL              load this gateway instead of starting one (loopback only; needs --key)
  --key NAMESPACE=TOKEN  a key of that gateway and its namespace (repeat for each key)
  --embed-rate N         the embedder's texts/s to compare with (default: measured here first)
  --json FILE            also write every number as JSON
`;

/** The option's number, its default when not given; `what` names the numbers it takes. */
function number(
  raw: string | undefined,
  flag: string,
  fallback: number,
  check: (n: number) => boolean,
  what: string,
): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new BenchUsageError(`${flag} needs ${what}`);
  return n;
}

const wholeAtLeastOne = (n: number) => Number.isInteger(n) && n >= 1;
const WHOLE = 'a whole number ≥ 1';

export function parseLoadArgs(argv: readonly string[]): LoadOptions {
  const values = readCommandArgs(argv, {
    clients: { type: 'string' },
    requests: { type: 'string' },
    'remember-share': { type: 'string' },
    transport: { type: 'string' },
    namespaces: { type: 'string' },
    'keys-per-namespace': { type: 'string' },
    url: { type: 'string' },
    key: { type: 'string', multiple: true },
    'embed-rate': { type: 'string' },
    json: { type: 'string' },
  });
  const url = values.url === undefined ? undefined : loopbackUrl(values.url);
  const keys = (values.key ?? []).map(keyOption);
  if (url && keys.length === 0) throw new BenchUsageError('--url needs at least one --key NAMESPACE=TOKEN');
  if (!url && keys.length > 0) throw new BenchUsageError('--key goes with --url');
  const embedRate = values['embed-rate'];
  return {
    clients: number(values.clients, '--clients', 50, wholeAtLeastOne, WHOLE),
    requests: number(values.requests, '--requests', 20, wholeAtLeastOne, WHOLE),
    rememberShare: number(
      values['remember-share'],
      '--remember-share',
      0.25,
      (n) => n >= 0 && n <= 1,
      'a share between 0 and 1',
    ),
    transports: transports(values.transport ?? 'both'),
    url,
    keys,
    namespaces: number(values.namespaces, '--namespaces', 3, wholeAtLeastOne, WHOLE),
    keysPerNamespace: number(values['keys-per-namespace'], '--keys-per-namespace', 2, wholeAtLeastOne, WHOLE),
    embedRate:
      embedRate === undefined
        ? undefined
        : number(embedRate, '--embed-rate', 0, (n) => n > 0, 'a rate > 0 (texts/s)'),
    jsonFile: values.json,
    help: values.help ?? false,
  };
}

function transports(transport: string): LoadTransport[] {
  if (transport === 'both') return ['rest', 'mcp'];
  if (transport === 'rest' || transport === 'mcp') return [transport];
  throw new BenchUsageError('--transport is rest, mcp or both');
}

/** `NAMESPACE=TOKEN`: the token may hold `=` too. */
function keyOption(raw: string): LoadKeyOption {
  const at = raw.indexOf('=');
  if (at <= 0 || at === raw.length - 1) throw new BenchUsageError('--key needs NAMESPACE=TOKEN');
  return { namespace: raw.slice(0, at), token: raw.slice(at + 1) };
}

/** Load goes to this machine only: a URL whose host is not a loopback address is refused. */
function loopbackUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BenchUsageError('--url needs an http(s) URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (!/^https?:$/.test(url.protocol) || !loopback)
    throw new BenchUsageError('--url must be an http(s) URL on a loopback address (localhost, 127.x, ::1)');
  return url.origin;
}
