export * from './lib/application/wake-up/wake-up.use-case';
export * from './lib/presenters/wake-up.presenter';
export * from './lib/consolidation.module';
