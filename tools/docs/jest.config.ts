/* Jest project for the documentation checks: the shared preset plus its display name. */
import preset from '../../jest.preset';

export default { ...preset, displayName: 'docs', rootDir: __dirname };
