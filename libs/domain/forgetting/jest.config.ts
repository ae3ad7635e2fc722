/* Jest project for forgetting: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'forgetting', rootDir: __dirname };
