/** Public API of @kioku/kernel: what other projects use; everything else is internal. */
export {
  AppError,
  ERROR_CODES,
  type ErrorCode,
  type SafeDetails,
  isAppError,
  toAppError,
} from './lib/app.errors';
export { type Clock, SystemClock } from './lib/clock';
export { chunked, delay, positiveInteger } from './lib/collections';
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
export { relativeAge, similarityText, snippet, toSimilarity, utcDay } from './lib/text';
export { token } from './lib/token';
