/**
 * The one place that decides how the embedded Chroma server runs on this operating system and CPU;
 * the launcher, the process code and the manager ask it. Pure: it takes the platform's facts
 * (`thisChromaPlatform()` and `thisChromaBuild()` read them), so every branch is tested on any machine.
 *
 * - Which native build: chromadb's binding package for the platform at `CURRENT_VERSION` (about 50 MB).
 *   On Linux with glibc older than 2.39 that build cannot load; there the last build made for glibc
 *   2.34 is used instead (`legacy`: about 440 MB). Either is fetched once when first needed
 *   (`chroma-binding.ts`): the managed server is an opt-in backend, and installs that never use it
 *   never carry it.
 * - How the store is kept private. Chroma's server has no authentication, so privacy comes from the OS:
 *   on Linux the server runs in a network namespace of its own, reached through a 0600 Unix socket in
 *   the 0700 data dir (`network-isolation.ts`). macOS and Windows have no unprivileged equivalent: the
 *   server listens on a random loopback port, which any local process can reach while it runs; the
 *   files stay private (0700 data dir; on Windows the user profile's ACL).
 * - How the server is tied to the kioku process that started it, so that it dies even when kioku is
 *   killed with kill -9: Linux's parent-death signal (`setpriv --pdeathsig`); elsewhere a watchdog
 *   thread in the launcher that polls the owner's pid and ends the server when the owner is gone.
 * - Where facts about other processes come from: /proc on Linux; elsewhere only `kill(pid, 0)` (the
 *   heartbeat then tells a live server from a reused pid).
 * - How the files stay private: POSIX modes (data dir 0700) except on Windows, where modes mean
 *   nothing and the data dir under the user profile inherits its ACL.
 */

/** What the decisions depend on (Node's `process.platform`, `process.arch`, the running glibc). */
export interface PlatformFacts {
  platform: NodeJS.Platform;
  arch: string;
  /** The C library's version when it is glibc (e.g. "2.36"); undefined on musl and off Linux. */
  glibcVersion?: string;
}

/** A native build of Chroma: the npm package and its exact version. */
export interface ChromaBuild {
  packageName: string;
  version: string;
  /** True when the current build cannot load here (glibc < 2.39) and an older one is used instead. */
  legacy: boolean;
}

export interface ChromaPlatform {
  /** chromadb's optional binding package for this platform. */
  bindingPackage: string;
  /** `network-namespace`: loopback inside its own namespace, reached through a Unix socket. */
  privacy: 'network-namespace' | 'loopback-port';
  /** `parent-death-signal`: the kernel signals the server when its parent dies (Linux only). */
  tieToOwner: 'parent-death-signal' | 'watchdog';
  /** `procfs`: command lines and start times of other processes can be read (/proc). */
  processTable: 'procfs' | 'liveness-only';
  /** `posix-modes`: the data dir is kept 0700; `profile-acl`: Windows, where the user profile's ACL does it. */
  privateFiles: 'posix-modes' | 'profile-acl';
}

/** chromadb's current Linux builds need this glibc (Ubuntu 24.04, Debian 13 and later). */
const CURRENT_BUILD_MIN_GLIBC = '2.39';

/** The build the chromadb client kioku bundles (3.5.0) was made and tested with. */
const CURRENT_VERSION = '1.3.4';

/** The last builds that load on glibc 2.34 (RHEL 9, Ubuntu 22.04, Debian 12). */
const LEGACY_VERSIONS: Partial<Record<string, string>> = {
  'chromadb-js-bindings-linux-x64-gnu': '1.0.5',
  'chromadb-js-bindings-linux-arm64-gnu': '1.0.1',
};

/** chromadb's optional binding packages, by `platform-arch`. */
const BINDINGS: Partial<Record<string, string>> = {
  'darwin-arm64': 'chromadb-js-bindings-darwin-arm64',
  'darwin-x64': 'chromadb-js-bindings-darwin-x64',
  'linux-arm64': 'chromadb-js-bindings-linux-arm64-gnu',
  'linux-x64': 'chromadb-js-bindings-linux-x64-gnu',
  'win32-x64': 'chromadb-js-bindings-win32-x64-msvc',
};

/** Platforms with an embedded Chroma build, as `platform-arch` (Linux: glibc only). */
export const SUPPORTED_PLATFORMS = Object.keys(BINDINGS);

export class UnsupportedPlatformError extends Error {
  constructor(where: string) {
    super(
      `The embedded Chroma server has no build for ${where}; it runs on ${SUPPORTED_PLATFORMS.join(', ')} ` +
        '(Linux with glibc). Use KIOKU_VECTOR_STORE=chroma with a Chroma server, or qdrant.',
    );
    this.name = 'UnsupportedPlatformError';
  }
}

/** How the server runs on this OS and CPU. Throws UnsupportedPlatformError. */
export function chromaPlatform(facts: Pick<PlatformFacts, 'platform' | 'arch'>): ChromaPlatform {
  const bindingPackage = BINDINGS[`${facts.platform}-${facts.arch}`];
  if (!bindingPackage) throw new UnsupportedPlatformError(`${facts.platform}-${facts.arch}`);
  const linux = facts.platform === 'linux';
  return {
    bindingPackage,
    privacy: linux ? 'network-namespace' : 'loopback-port',
    tieToOwner: linux ? 'parent-death-signal' : 'watchdog',
    processTable: linux ? 'procfs' : 'liveness-only',
    privateFiles: facts.platform === 'win32' ? 'profile-acl' : 'posix-modes',
  };
}

/** Which native build loads here (on Linux it depends on the C library). Throws UnsupportedPlatformError. */
export function chromaBuild(facts: PlatformFacts): ChromaBuild {
  const packageName = chromaPlatform(facts).bindingPackage;
  const current = { packageName, version: CURRENT_VERSION, legacy: false };
  if (facts.platform !== 'linux') return current;
  if (!facts.glibcVersion)
    throw new UnsupportedPlatformError(`${facts.platform}-${facts.arch} without glibc`);
  const legacyVersion =
    compareVersions(facts.glibcVersion, CURRENT_BUILD_MIN_GLIBC) < 0
      ? LEGACY_VERSIONS[packageName]
      : undefined;
  return legacyVersion ? { packageName, version: legacyVersion, legacy: true } : current;
}

/** This machine's OS and CPU (cheap). */
export function thisChromaPlatform(): ChromaPlatform {
  return chromaPlatform({ platform: process.platform, arch: process.arch });
}

/** This machine's build: reads the running glibc from Node's diagnostic report (some 20 ms; once). */
export function thisChromaBuild(): ChromaBuild {
  if (process.platform !== 'linux') return chromaBuild({ platform: process.platform, arch: process.arch });
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  return chromaBuild({
    platform: process.platform,
    arch: process.arch,
    ...(header?.glibcVersionRuntime ? { glibcVersion: header.glibcVersionRuntime } : {}),
  });
}

/** Compares dotted numeric versions ("2.36" < "2.39" < "2.100"). */
function compareVersions(left: string, right: string): number {
  const a = left.split('.').map(Number);
  const b = right.split('.').map(Number);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
