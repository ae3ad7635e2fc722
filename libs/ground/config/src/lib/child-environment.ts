/**
 * What a server kioku starts itself (the embedded Chroma) inherits of kioku's environment: what a
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
