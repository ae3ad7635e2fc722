/** Public API of @kioku/kernel: what other projects use; everything else is internal. */
export {
  AppError,
  ERROR_CODES,
  type ErrorCode,
  type SafeDetails,
  isAppError,
  toAppError,
} from './lib/app-error';
export { type Clock, SystemClock } from './lib/clock';
export { chunked, delay, positiveInteger } from './lib/collections';
export { hasConnectionErrorCode } from './lib/connection-errors';
export { LockTimeoutError, acquireLock } from './lib/file-lock';
export {
  EPISODE_ID_PATTERN,
  type IdGenerator,
  MEMORY_ID_PATTERN,
  RandomIdGenerator,
} from './lib/id-generator';
export { JsonLinesLogSink } from './lib/json-lines-log-sink';
export { KERNEL_TOKENS } from './lib/kernel.tokens';
export {
  LOG_LEVELS,
  type LogFields,
  type LogLevel,
  type LogRecord,
  type LogSink,
  type Logger,
  isLevelEnabled,
} from './lib/logger';
export { freeLoopbackPort } from './lib/loopback-port';
export { MEMORY_CATEGORIES } from './lib/memory-categories';
export { isProcessAlive } from './lib/process-liveness';
export { LOOPBACK_HOSTS, type OriginPolicy, isLoopbackHost, originViolation } from './lib/request-origin';
export { SECURITY_HEADERS } from './lib/security-headers';
export { basicAuthHeaders, parseServiceUrl } from './lib/service-url';
export { relativeAge, similarityText, snippet, toSimilarity, utcDay } from './lib/text';
export { token } from './lib/token';
export { GroupCommit, type GroupCommitOptions } from './lib/group-commit';
export { type Turn, TurnsByKey } from './lib/turns-by-key';
export { NO_FENCE, type WriteFence } from './lib/write-fence';
