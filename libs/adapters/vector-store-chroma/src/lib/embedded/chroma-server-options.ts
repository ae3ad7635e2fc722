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
   * Run the server in its own network namespace, reached through `<dataDir>/chroma.sock` (default true;
   * falls back to a loopback TCP port, with a warning, where namespaces are not available).
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
