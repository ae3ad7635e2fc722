/** The MCP server's own settings on top of the shared configuration. */
import { z } from 'zod';
import { loadConfig, parseWith, type EnvSource, type KiokuConfig } from '@kioku/config';

const mcpEnvSchema = z.object({
  KIOKU_MCP_HTTP_PORT: z.coerce.number().int().min(1).max(65_535).default(8788),
  KIOKU_MCP_HTTP_HOST: z.string().trim().default('127.0.0.1'),
});

export interface McpServerConfig extends KiokuConfig {
  transport: 'stdio' | 'http';
  http: { port: number; host: string };
}

/** `--http` selects Streamable HTTP; `--port N` overrides KIOKU_MCP_HTTP_PORT. */
export function loadMcpServerConfig(argv: string[], env: EnvSource = process.env): McpServerConfig {
  const base = loadConfig(env);
  const mcpEnv = parseWith(mcpEnvSchema, env);
  const portFlag = argv.indexOf('--port');
  const port =
    portFlag >= 0
      ? parseWith(mcpEnvSchema, { KIOKU_MCP_HTTP_PORT: argv[portFlag + 1] }).KIOKU_MCP_HTTP_PORT
      : mcpEnv.KIOKU_MCP_HTTP_PORT;
  return {
    ...base,
    transport: argv.includes('--http') ? 'http' : 'stdio',
    http: { port, host: mcpEnv.KIOKU_MCP_HTTP_HOST },
  };
}
