export * from './lib/domain/link';
export * from './lib/domain/collection-names';
export * from './lib/application/link.repository';
export * from './lib/links.module';
export * from './lib/application/ensure-once';
export * from './lib/application/namespace-state.repository';
