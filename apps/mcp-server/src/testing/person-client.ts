/**
 * Test helper: an MCP client that declares form elicitation and plays the person behind it. Each
 * `elicitation/create` is recorded and answered by the next scripted answer: a result to send, `hang`
 * (never answers, for a time-out) or `disconnect` (closes the client mid-question).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ElicitRequestSchema,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';

type ScriptedAnswer = ElicitResult | 'hang' | 'disconnect';

export const CONFIRM: ElicitResult = { action: 'accept', content: { confirm: true } };
export const DECLINE: ElicitResult = { action: 'decline' };
export const CANCEL: ElicitResult = { action: 'cancel' };
export const UNTICKED: ElicitResult = { action: 'accept', content: { confirm: false } };

export interface PersonClient {
  client: Client;
  /** The questions asked so far (the `elicitation/create` params). */
  questions: ElicitRequest['params'][];
  /** Queues the answers to the next questions, in order. */
  answer(...answers: ScriptedAnswer[]): void;
}

export function personClient(name = 'person'): PersonClient {
  const client = new Client({ name, version: '1' }, { capabilities: { elicitation: {} } });
  const questions: ElicitRequest['params'][] = [];
  const answers: ScriptedAnswer[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    questions.push(request.params);
    const next = answers.shift();
    if (next === undefined) throw new Error('The test scripted no answer for this question.');
    if (next === 'hang') return new Promise<ElicitResult>(() => undefined);
    if (next === 'disconnect') {
      setImmediate(() => void client.close());
      return new Promise<ElicitResult>(() => undefined);
    }
    return next;
  });
  return { client, questions, answer: (...next) => answers.push(...next) };
}
