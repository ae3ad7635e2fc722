/* Jest project for kernel: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'kernel', rootDir: __dirname };
