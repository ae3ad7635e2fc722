/* Jest project for vector-store-base: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'vector-store-base', rootDir: __dirname };
