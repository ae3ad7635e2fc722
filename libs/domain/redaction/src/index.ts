export * from './lib/redact';
export * from './lib/redacting-logger';
