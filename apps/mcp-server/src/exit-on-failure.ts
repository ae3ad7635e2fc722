/**
 * Ends the process on a failure no call can report: one line on stderr, exit 2 for a bad
 * configuration, else 1. Both of `kioku mcp`'s bundles (main.ts, server.ts) have their own copy of this
 * and of the error classes, so each reads its own errors: an error of one bundle is not an instance of
 * the other bundle's AppError.
 */
import { toAppError } from '@kioku/kernel';

export function exitOnFailure(error: unknown): never {
  const appError = toAppError(error);
  process.stderr.write(`kioku: ${appError.code}: ${appError.message}\n`);
  process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
}
