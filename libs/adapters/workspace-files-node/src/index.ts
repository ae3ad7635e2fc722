/** Public API of @kioku/workspace-files-node: the workspace files on the local file system. */
export { NodeWorkspaceFiles } from './lib/node-workspace-files';
