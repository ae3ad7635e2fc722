/* Jest project for vector-store-chroma: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'vector-store-chroma', rootDir: __dirname };
