/* Jest project for rest-routes: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'rest-routes', rootDir: __dirname };
