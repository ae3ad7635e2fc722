/* Jest project for embeddings-port: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'embeddings-port', rootDir: __dirname };
