export * from './lib/app-error';
export * from './lib/token';
export * from './lib/clock';
export * from './lib/id-generator';
export * from './lib/logger';
export * from './lib/json-lines-log-sink';
export * from './lib/kernel.tokens';
export * from './lib/text';
