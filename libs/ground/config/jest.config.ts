/* Jest project for config: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'config', rootDir: __dirname };
