/* Jest project for concurrency: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'concurrency', rootDir: __dirname };
