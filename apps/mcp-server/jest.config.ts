/* Jest project for mcp-server: the shared preset plus its display name. */
import preset from '../../jest.preset';

export default { ...preset, displayName: 'mcp-server', rootDir: __dirname };
