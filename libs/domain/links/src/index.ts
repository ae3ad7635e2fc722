export * from './lib/domain/link';
export * from './lib/application/link.repository';
export * from './lib/links.module';
