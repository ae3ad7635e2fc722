/* Jest project for embeddings-ollama: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'embeddings-ollama', rootDir: __dirname };
