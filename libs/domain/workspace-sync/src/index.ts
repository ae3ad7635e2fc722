/** Public API of @kioku/workspace-sync: what other projects use; everything else is internal. */
export { workspaceSyncModule } from './lib/workspace-sync.module';
