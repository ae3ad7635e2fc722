/**
 * Why a workspace file was refused. Thrown by the file-system side and caught by the listener, which
 * logs the reason and writes nothing; it never reaches a caller of a memory operation.
 */
export type WorkspacePathRefusal =
  /** The path is not one of the files workspace sync owns. */
  | 'not_a_workspace_file'
  /** The real path of the file's folder is not the expected folder of the workspace (a symlink). */
  | 'outside_workspace'
  /** The file itself is a symbolic link. */
  | 'symlink'
  /** The file is a directory, a pipe or a device. */
  | 'not_a_regular_file';

export class WorkspacePathRefusedError extends Error {
  override readonly name = 'WorkspacePathRefusedError';
  readonly code = 'WORKSPACE_PATH_REFUSED';

  constructor(
    readonly file: string,
    readonly reason: WorkspacePathRefusal,
  ) {
    super(`Refused workspace file ${file} (${reason}).`);
  }
}
