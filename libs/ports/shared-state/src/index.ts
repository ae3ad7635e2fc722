export * from './lib/shared-state.port';
export * from './lib/shared-state.tokens';
export * from './lib/in-process-shared-state';
export * from './lib/store-shared-state';
export * from './lib/leased-lock';
