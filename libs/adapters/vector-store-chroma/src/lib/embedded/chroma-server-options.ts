/**
 * What a `ChromaServerManager` can be told, and the error it reports when the embedded server cannot be
 * started or reached.
 */
import type { Logger } from '@kioku/kernel';
import { StoreUnavailableError } from '@kioku/vector-store';
import type { ChromaPlatform } from './chroma-platform';

export interface ChromaServerManagerOptions {
  /** Absolute path of the kioku data dir; the server persists to `<dataDir>/chroma`. */
  dataDir: string;
  /** The server's environment besides its socket (default: none; the configuration gives `serverEnvironment`). */
  environment?: Record<string, string>;
  /** What npm runs with when the server's build is fetched (default: `environment`; the configuration gives `npmEnvironment`). */
  npmEnvironment?: Record<string, string>;
  /**
   * Start (or use) a server on a loopback TCP port where it cannot be kept in a network namespace
   * (default false: refused, with the reason). Any local process, and any web page through DNS
   * rebinding, could then read and change every memory: Chroma checks neither Host nor Origin and has
   * no authentication.
   */
  allowLoopbackPort?: boolean;
  logger?: Logger;
  /** How long a start may take before it fails (default 30 000 ms). */
  startTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL when stopping (default 5 000 ms). */
  stopTimeoutMs?: number;
  /** Restart an owned server that exits unexpectedly (default true). */
  restartOnExit?: boolean;
  /** Kill owned servers on process exit and on SIGINT/SIGTERM/SIGHUP (default true). */
  installExitHandlers?: boolean;
  /** Path of the chroma CLI (default: `dist/cli.mjs` of the installed `chromadb` package). */
  cliPath?: string;
  /**
   * Run the server in its own network namespace, reached through a Unix socket (default true). Where
   * that is not possible (or turned off), the server listens on a loopback TCP port only if
   * `allowLoopbackPort`.
   */
  isolateNetwork?: boolean;
  /**
   * How the server is tied to this process so that it dies with it (default: the platform's way,
   * `chroma-platform.ts`); tests choose `watchdog` to run macOS's and Windows' way on Linux.
   */
  tieToOwner?: ChromaPlatform['tieToOwner'];
}

/**
 * The embedded server could not be started or reached. A StoreUnavailableError (code STORE_UNAVAILABLE)
 * whose message says why, including the server's last output when it failed to start.
 */
export class EmbeddedChromaError extends StoreUnavailableError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('chroma-embedded', options);
    this.message = message;
  }
}
