/* Jest project for vector-store-qdrant: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'vector-store-qdrant', rootDir: __dirname };
