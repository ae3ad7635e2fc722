/** Options of `kioku bench load`; parsing is pure and throws `BenchUsageError` with the reason. */
import { BenchUsageError, readCommandArgs } from '../lib/command-args';

export type LoadTransport = 'rest' | 'mcp';

/** A key of the gateway under load and the namespace it is bound to. */
export interface LoadKeyOption {
  namespace: string;
  token: string;
}

type LoadRate = { perSecond: number } | { embedShare: number };

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
  /** The bin/kioku whose gateway is started (another checkout, to compare builds); default: this one's. */
  bin?: string;
  /** Keys of the given gateway (with `--url`); a started gateway gets `namespaces × keysPerNamespace` new ones. */
  keys: LoadKeyOption[];
  namespaces: number;
  keysPerNamespace: number;
  /** Texts/s of the embedder alone, to compare with; measured in this process unless given. */
  embedRate?: number;
  /** Open loop at this arrival rate: requests/s, or a share of the embedder's texts/s (`0.6x`). */
  rate?: LoadRate;
  /** Open loop: search for the highest rate with recall p95 ≤ 300 ms and nothing failed. */
  findRate: boolean;
  /** Open loop: how long arrivals go on, per run. */
  durationSeconds: number;
  jsonFile?: string;
  help: boolean;
}

export const LOAD_USAGE = `Usage: kioku bench load [options]

Many clients at once against one gateway: each sends its requests one after the other, a share of
them remembers (distinct notes) and the rest recalls, over REST and over MCP Streamable HTTP sessions
(one session per client). Prints requests/s, p50/p95/p99 per operation and the errors, then checks
that every acknowledged write is readable and that no namespace saw another's memories.
With --rate or --find-rate the loop is open: requests arrive at a constant rate whatever the answers
(spread over the clients), each timed from its scheduled arrival.

  --clients N            concurrent clients (default 50)
  --requests N           requests per client (default 20)
  --remember-share F     share of remembers, 0..1 (default 0.25)
  --transport T          rest, mcp or both (default both, REST first, each on a gateway of its own)
  --namespaces N         namespaces of a started gateway (default 3)
  --keys-per-namespace N keys per namespace of a started gateway (default 2)
  --url URL              load this gateway instead of starting one (loopback only; needs --key)
  --key NAMESPACE=TOKEN  a key of that gateway and its namespace (repeat for each key)
  --bin PATH             start another kioku's gateway (e.g. an older checkout's bin/kioku)
  --embed-rate N         the embedder's texts/s to compare with (default: measured here first)
  --rate R               open loop at R requests/s, or at F times the embedder's texts/s (e.g. 0.6x)
  --find-rate            open loop: the highest rate with recall p95 ≤ 300 ms and nothing failed
  --duration S           open loop: seconds of arrivals per run (default 20)
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
    bin: { type: 'string' },
    key: { type: 'string', multiple: true },
    'embed-rate': { type: 'string' },
    rate: { type: 'string' },
    'find-rate': { type: 'boolean' },
    duration: { type: 'string' },
    json: { type: 'string' },
  });
  const findRate = values['find-rate'] ?? false;
  const open = findRate || values.rate !== undefined;
  if (findRate && values.rate !== undefined)
    throw new BenchUsageError('--rate and --find-rate exclude each other');
  if (open && values.requests !== undefined)
    throw new BenchUsageError('--requests is for the closed loop; an open loop runs for --duration');
  if (!open && values.duration !== undefined)
    throw new BenchUsageError('--duration goes with --rate or --find-rate');
  const url = values.url === undefined ? undefined : loopbackUrl(values.url);
  const keys = (values.key ?? []).map(keyOption);
  if (url && keys.length === 0) throw new BenchUsageError('--url needs at least one --key NAMESPACE=TOKEN');
  if (!url && keys.length > 0) throw new BenchUsageError('--key goes with --url');
  if (url && values.bin !== undefined)
    throw new BenchUsageError('--bin starts a gateway; --url loads a running one');
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
    bin: values.bin,
    keys,
    namespaces: number(values.namespaces, '--namespaces', 3, wholeAtLeastOne, WHOLE),
    keysPerNamespace: number(values['keys-per-namespace'], '--keys-per-namespace', 2, wholeAtLeastOne, WHOLE),
    embedRate:
      embedRate === undefined
        ? undefined
        : number(embedRate, '--embed-rate', 0, (n) => n > 0, 'a rate > 0 (texts/s)'),
    rate: values.rate === undefined ? undefined : loadRate(values.rate),
    findRate,
    durationSeconds: number(values.duration, '--duration', 20, (n) => n > 0, 'a number of seconds > 0'),
    jsonFile: values.json,
    help: values.help ?? false,
  };
}

/** `R` requests/s or `Fx`, F times the embedder's texts/s. */
function loadRate(raw: string): LoadRate {
  const share = /^(.+)x$/.exec(raw);
  const value = Number(share ? share[1] : raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new BenchUsageError('--rate needs requests/s > 0, or a share of the embed rate such as 0.6x');
  return share ? { embedShare: value } : { perSecond: value };
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
