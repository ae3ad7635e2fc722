/* Jest project for http-guards: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'http-guards', rootDir: __dirname };
