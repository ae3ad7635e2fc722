/* Jest project for deploy-check: the shared preset plus its display name. */
import preset from '../../jest.preset';

export default { ...preset, displayName: 'deploy-check', rootDir: __dirname };
