/* Jest project for testing-contracts: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'testing-contracts', rootDir: __dirname };
