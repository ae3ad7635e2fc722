/* Jest project for http-gateway: the shared preset plus its display name. */
import preset from '../../jest.preset';

export default { ...preset, displayName: 'http-gateway', rootDir: __dirname };
