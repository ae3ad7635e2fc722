export * from './lib/config-error';
export * from './lib/env-schema';
export * from './lib/kioku-config';
export * from './lib/adapter-settings';
