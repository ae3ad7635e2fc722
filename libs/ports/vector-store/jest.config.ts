/* Jest project for vector-store-port: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'vector-store-port', rootDir: __dirname };
