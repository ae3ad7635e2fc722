/* Jest project for namespace-storage: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'namespace-storage', rootDir: __dirname };
