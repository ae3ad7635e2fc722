/* Jest project for embedding-threads: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'embedding-threads', rootDir: __dirname };
