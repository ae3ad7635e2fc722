export * from './lib/adapter-modules';
export * from './lib/create-app-container';
export * from './lib/memory-settings.factory';
