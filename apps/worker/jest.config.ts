/* Jest project for worker: the shared preset plus its display name. */
import preset from '../../jest.preset';

export default { ...preset, displayName: 'worker', rootDir: __dirname };
