export * from './lib/domain/workspace-paths';
export * from './lib/domain/workspace-entry.format';
export * from './lib/domain/marked-lines';
export * from './lib/ports/workspace-files.port';
export * from './lib/infrastructure/node-workspace-files';
export * from './lib/application/workspace-sync.listener';
export * from './lib/workspace-sync.errors';
export * from './lib/workspace-sync.module';
