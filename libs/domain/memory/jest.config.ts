/* Jest project for memory: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'memory', rootDir: __dirname };
