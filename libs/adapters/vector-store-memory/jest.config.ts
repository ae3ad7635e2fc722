/* Jest project for vector-store-memory: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'vector-store-memory', rootDir: __dirname };
