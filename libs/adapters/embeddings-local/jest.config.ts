/* Jest project for embeddings-local: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'embeddings-local', rootDir: __dirname };
