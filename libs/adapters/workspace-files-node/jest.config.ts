/* Jest project for workspace-files-node: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'workspace-files-node', rootDir: __dirname };
