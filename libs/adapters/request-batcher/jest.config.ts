/* Jest project for request-batcher: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'request-batcher', rootDir: __dirname };
