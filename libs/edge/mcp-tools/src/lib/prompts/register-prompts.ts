/**
 * The prompts kioku offers, registered on a session's server with their completers: each gives one
 * user message, built through the app (waiting for it like a tool call; errors become protocol errors
 * with kioku's code and safe message).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { withApp } from '../app-call';
import type { Completers } from '../completion/completers';
import type { ToolDeps } from '../tools/tool-runner';
import { memoriesAbout } from './memories-about.prompt';
import type { KiokuPrompt } from './prompt';
import { reviewForgetting } from './review-forgetting.prompt';
import { revisitMemory } from './revisit-memory.prompt';
import { saveConversation } from './save-conversation.prompt';
import { startSession } from './start-session.prompt';

const PROMPTS: readonly KiokuPrompt[] = [
  startSession,
  saveConversation,
  memoriesAbout,
  revisitMemory,
  reviewForgetting,
];

export function registerPrompts(server: McpServer, deps: ToolDeps, completers: Completers): void {
  for (const prompt of PROMPTS) {
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: prompt.arguments(completers) },
      (args): Promise<GetPromptResult> =>
        withApp(deps, 'prompt.error', async (container) => {
          const reads = { container, context: deps.context, now: deps.clock.now(), completers };
          const text = await prompt.message(args, reads);
          return {
            description: prompt.description,
            messages: [{ role: 'user', content: { type: 'text', text } }],
          };
        }),
    );
  }
}
