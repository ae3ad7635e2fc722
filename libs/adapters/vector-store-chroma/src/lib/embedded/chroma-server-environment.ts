/**
 * The environment the embedded Chroma server gets: what a process needs to run (path, home, locale,
 * temporary folder, time zone), the Rust runtime's and Chroma's own variables, and the socket it is
 * reached through when isolated. Nothing else of this process's environment is passed on, so keys and
 * credentials in kioku's environment (KIOKU_QDRANT_API_KEY, a cloud token) never reach the child.
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

export function chromaServerEnvironment(parent: NodeJS.ProcessEnv, socketPath?: string): NodeJS.ProcessEnv {
  const passed = Object.entries(parent).filter(
    ([name, value]) => value !== undefined && (RUN_VARIABLES.has(name) || name.startsWith('CHROMA_')),
  );
  return {
    ...Object.fromEntries(passed),
    ...(socketPath ? { KIOKU_CHROMA_SOCKET: socketPath } : {}),
  };
}
