/**
 * The MCP adapter of the table of operations: each operation becomes a tool with its title,
 * description, annotation hints, input and output schemas; its handler runs the use case inside
 * `runTool` (its form for a client that can ask its person or lend its model) and presents the
 * result as text plus structured content.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { OPERATIONS, toolOutputSchema, type Operation } from '@kioku/operations';
import { clientAbilities } from '../person/client-abilities';
import { runTool, type ToolDeps } from './tool-runner';

export function registerOperationTools(server: McpServer, deps: ToolDeps): void {
  for (const operation of OPERATIONS) registerTool(server, deps, operation);
}

function registerTool(server: McpServer, deps: ToolDeps, operation: Operation): void {
  server.registerTool(
    operation.id,
    {
      title: operation.title,
      description: operation.description,
      inputSchema: operation.input,
      outputSchema: toolOutputSchema(operation.output),
      annotations: operation.hints,
    },
    (args, extra) =>
      runTool(deps, operation.id, args, extra, async (container, context) => {
        // A client that can ask its person or lend its model gets the operation's form for it.
        const client = clientAbilities(deps, extra, operation.id);
        const result =
          operation.runWithClient && (client.person || client.model)
            ? await operation.runWithClient(container, args, context, client)
            : await operation.run(container, args, context);
        return { text: operation.text(result, deps.clock.now()), structured: operation.structured(result) };
      }),
  );
}
