/**
 * The client's model, asked through sampling (`sampling/createMessage`) — only when the client
 * declared sampling. The request carries the instructions and the texts it is given (public memories
 * only: the operations choose them), includes none of the client's own context, travels on the tool
 * call's stream, ends with the call, and gives up after its time-out. Whatever the client answers
 * other than text (a refusal, an error, an image) is no draft.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ClientModel, DraftAnswer, DraftRequest } from '@kioku/operations';
import type { RequestExtra } from '../progress';

/** Tokens asked for per character allowed: generous, the answer is cut to its characters anyway. */
const TOKENS_PER_CHARACTER = 0.5;

export function sampledModel(
  server: McpServer,
  extra: RequestExtra,
  /** Told how each request ended: `drafted`, or why there is no draft. */
  drafted: (outcome: string) => void,
): ClientModel | undefined {
  if (!server.server.getClientCapabilities()?.sampling) return undefined;
  return {
    draft: async (request) => {
      const answer = await draft(server, extra, request);
      drafted('drafted' in answer ? 'drafted' : answer.refused);
      return answer;
    },
  };
}

async function draft(server: McpServer, extra: RequestExtra, request: DraftRequest): Promise<DraftAnswer> {
  try {
    const result = await server.server.createMessage(
      {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [request.instructions, '', ...request.texts.map((t) => `- ${t}`)].join('\n'),
            },
          },
        ],
        includeContext: 'none',
        maxTokens: Math.ceil(request.maxCharacters * TOKENS_PER_CHARACTER) + 16,
        modelPreferences: { speedPriority: 0.8, intelligencePriority: 0.3, costPriority: 0.5 },
      },
      { relatedRequestId: extra.requestId, signal: extra.signal, timeout: request.timeoutMs },
    );
    const text = result.content.type === 'text' ? cleaned(result.content.text, request.maxCharacters) : '';
    return text ? { drafted: text } : { refused: 'empty' };
  } catch {
    return { refused: 'refused' };
  }
}

/** One line, without the quotes a model likes to add, at most `max` characters. */
function cleaned(text: string, max: number): string {
  const line = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["“'](.*)["”']$/, '$1')
    .trim();
  return Array.from(line).slice(0, max).join('').trim();
}
