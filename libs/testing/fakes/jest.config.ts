/* Jest project for testing-fakes: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'testing-fakes', rootDir: __dirname };
