/* Jest project for similarity: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'similarity', rootDir: __dirname };
