/** Public API of @kioku/redaction: what other projects use; everything else is internal. */
export { containsPrivate } from './lib/redact';
export { RedactingLogger } from './lib/redacting-logger';
