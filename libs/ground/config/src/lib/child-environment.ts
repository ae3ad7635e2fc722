/**
 * What a process kioku starts itself inherits of kioku's environment.
 *
 * The managed Chroma server: what a
 * process needs to run (path, home, locale, temporary folder, time zone, library path) and the Rust
 * runtime's and Chroma's own variables. Nothing else is passed on, so keys and credentials in kioku's
 * environment (KIOKU_QDRANT_API_KEY, a cloud token) never reach the child.
 */
const RUN_VARIABLES = new Set([
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'LD_LIBRARY_PATH',
  'RUST_LOG',
  'RUST_BACKTRACE',
]);

export function childEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && (RUN_VARIABLES.has(entry[0]) || entry[0].startsWith('CHROMA_')),
    ),
  );
}

/**
 * npm's own settings in the environment: proxies, CA files and `npm_config_*` (registry, cafile, …),
 * which users set for npm as often as in ~/.npmrc.
 */
const NPM_VARIABLES = new Set([
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  // What npm itself needs to run on Windows.
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'SystemRoot',
  'ComSpec',
  'PATHEXT',
]);

/**
 * What npm gets when kioku fetches the managed Chroma server's build: what the server gets, and npm's
 * own settings, which the server never gets.
 */
export function npmEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  return {
    ...childEnvironment(env),
    ...Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] =>
          entry[1] !== undefined && (NPM_VARIABLES.has(entry[0]) || /^npm_config_/i.test(entry[0])),
      ),
    ),
  };
}
