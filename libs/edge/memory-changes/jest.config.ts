/* Jest project for memory-changes: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'memory-changes', rootDir: __dirname };
