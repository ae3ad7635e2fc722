/**
 * The MCP adapter of the table of operations: each operation becomes a tool with its title,
 * description, annotation hints, input and output schemas; its handler runs the use case inside
 * `runTool` (its confirmed form when the client can ask its person) and presents the result as text
 * plus structured content.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { OPERATIONS, type Operation } from '@kioku/operations';
import { elicitedPerson } from '../person/elicited-person';
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
      outputSchema: operation.output,
      annotations: operation.hints,
    },
    (args, extra) =>
      runTool(deps, operation.id, args, extra, async (container, context) => {
        // A client that can ask its person gets the operation's confirmed form (deletes wait for a yes).
        const person = elicitedPerson(deps.server, extra, (answer) =>
          deps.logger.info('person.answered', { tool: operation.id, answer }),
        );
        const result =
          person && operation.runWithPerson
            ? await operation.runWithPerson(container, args, context, person)
            : await operation.run(container, args, context);
        return { text: operation.text(result, deps.clock.now()), structured: operation.structured(result) };
      }),
  );
}
