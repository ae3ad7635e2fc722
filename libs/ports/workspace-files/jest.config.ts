/* Jest project for the workspace-files port: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'workspace-files-port', rootDir: __dirname };
