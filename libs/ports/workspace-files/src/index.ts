/**
 * Public API of @kioku/workspace-files: the port workspace sync writes its Markdown mirror through, the
 * only paths it may name, and why a path is refused.
 */
export type { FileChange, FileUpdateOutcome, WorkspaceFiles } from './lib/workspace-files.port';
export {
  CURATED_FILE,
  INNER_MONOLOGUE_FILE,
  MEMORY_FOLDER,
  dailyLogFile,
  isDailyLogName,
  isWorkspaceFile,
} from './lib/workspace-paths';
export { WorkspacePathRefusedError } from './lib/workspace-path.errors';
