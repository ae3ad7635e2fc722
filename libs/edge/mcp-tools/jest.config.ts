/* Jest project for mcp-tools: the shared preset plus its display name. */
import preset from '../../../jest.preset';

export default { ...preset, displayName: 'mcp-tools', rootDir: __dirname };
