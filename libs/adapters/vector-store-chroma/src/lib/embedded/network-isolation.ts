/**
 * Keeps the embedded Chroma server away from other local users. The bundled Chroma 1.0 Rust server has
 * no server-side authentication: its config (`FrontendServerConfig` in the binary: port,
 * listen_address, max_payload_size_bytes, circuit_breaker, scorecard, persist_path, sqlite_filename,
 * cors_allow_origins, open_telemetry) has no auth keys, the open-source auth hook allows every request,
 * and the Chroma cookbook (amikos-tech/chroma-cookbook, "Chroma-native Auth") says native auth is not
 * supported in 1.0.x. So any process that can reach its port can read every tenant's memories.
 *
 * Instead the server runs in a network namespace of its own, created without privileges
 * (`unshare --user --map-root-user --net`, util-linux): its loopback port exists only inside that
 * namespace. kioku reaches it through a Unix socket in a 0700 folder (`server-socket.ts`; the socket
 * 0600), which the server's launcher forwards to the port. No TCP port is open.
 *
 * Where unprivileged user namespaces are disabled (some hardened kernels, Ubuntu's AppArmor policy,
 * containers without the capability) or the tools are missing, `probeNetworkIsolation()` returns null
 * and the manager refuses to start the server on a loopback TCP port unless told it may.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { thisChromaPlatform } from './chroma-platform';

export interface NetworkIsolation {
  /** The command and arguments that run `command` in a new user and network namespace with loopback up. */
  wrap(command: string[]): string[];
}

const PROBE_TIMEOUT_MS = 5_000;
let probed: { isolation: NetworkIsolation | null; reason?: string } | undefined;

/** Finds the tools and checks once per process that a namespace can be created here. */
export function probeNetworkIsolation(): { isolation: NetworkIsolation | null; reason?: string } {
  probed ??= probe();
  return probed;
}

function probe(): { isolation: NetworkIsolation | null; reason?: string } {
  if (thisChromaPlatform().privacy !== 'network-namespace') {
    return { isolation: null, reason: `no unprivileged network namespaces on ${process.platform}` };
  }
  const unshare = findTool('unshare');
  const ip = findTool('ip');
  const sh = findTool('sh');
  if (!unshare || !ip || !sh) {
    return { isolation: null, reason: 'unshare (util-linux), ip (iproute2) or sh not found' };
  }
  // A new network namespace starts with its loopback interface down: bring it up, then run the command.
  const wrap = (command: string[]) => [
    unshare,
    '--user',
    '--map-root-user',
    '--net',
    '--',
    sh,
    '-c',
    '"$0" link set lo up && exec "$@"',
    ip,
    ...command,
  ];
  const [file, ...args] = wrap(['true']);
  const result = spawnSync(file, args, { stdio: 'ignore', timeout: PROBE_TIMEOUT_MS });
  if (result.status !== 0) {
    return { isolation: null, reason: 'unprivileged user and network namespaces are not available' };
  }
  return { isolation: { wrap } };
}

function findTool(name: string): string | undefined {
  return ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']
    .map((directory) => `${directory}/${name}`)
    .find((path) => existsSync(path));
}
