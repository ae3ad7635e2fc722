/**
 * The person behind an MCP client, asked through elicitation (`elicitation/create`, a form with one
 * box to tick): only when the client declared form elicitation. The question travels on the tool
 * call's own stream (Streamable HTTP), ends with the call if the client cancels it, and gives up
 * after the question's time-out. Only a ticked box is a yes; every other outcome, a client error or
 * a closed connection included, is an answer that deletes nothing.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmationQuestion, Person, PersonAnswer } from '@kioku/operations';
import type { RequestExtra } from '../progress';

/** The client's person, or undefined when it cannot be asked; `heard` is told every answer (for the log). */
export function elicitedPerson(
  server: McpServer,
  extra: RequestExtra,
  heard: (answer: PersonAnswer) => void,
): Person | undefined {
  if (!server.server.getClientCapabilities()?.elicitation?.form) return undefined;
  return {
    confirm: async (question) => {
      const answer = await ask(server, extra, question);
      heard(answer);
      return answer;
    },
  };
}

async function ask(
  server: McpServer,
  extra: RequestExtra,
  question: ConfirmationQuestion,
): Promise<PersonAnswer> {
  try {
    const result = await server.server.elicitInput(
      {
        mode: 'form',
        message: question.message,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: question.confirmLabel, default: false },
          },
          required: ['confirm'],
        },
      },
      { relatedRequestId: extra.requestId, signal: extra.signal, timeout: question.timeoutMs },
    );
    switch (result.action) {
      case 'accept':
        return result.content?.confirm === true ? 'confirmed' : 'unticked';
      case 'decline':
        return 'declined';
      case 'cancel':
        return 'cancelled';
    }
  } catch (error) {
    // A cancelled call or a closed connection aborts the question, which the SDK also reports as a
    // time-out: only the question's own time-out, with the call still open, is one.
    const timedOut = error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number);
    return timedOut && !extra.signal.aborted ? 'timed_out' : 'unanswered';
  }
}
