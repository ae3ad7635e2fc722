/* Jest project for workspace-sync: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'workspace-sync', rootDir: __dirname };
