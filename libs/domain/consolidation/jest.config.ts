/* Jest project for consolidation: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'consolidation', rootDir: __dirname };
