/* Jest project for vector-store-sqlite: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'vector-store-sqlite', rootDir: __dirname };
