/* Jest project for shared-state-store: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'shared-state-store', rootDir: __dirname };
