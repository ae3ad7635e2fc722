/**
 * What a session's client declared it can do for a tool call: ask its person (form elicitation) and
 * lend its model (sampling). Every answer is logged with the tool, never with content.
 */
import type { ClientAbilities } from '@kioku/operations';
import type { RequestExtra } from '../progress';
import type { ToolDeps } from '../tools/tool-runner';
import { elicitedPerson } from './elicited-person';
import { sampledModel } from './sampled-model';

export function clientAbilities(deps: ToolDeps, extra: RequestExtra, tool: string): ClientAbilities {
  return {
    person: elicitedPerson(deps.server, extra, (answer) =>
      deps.logger.info('person.answered', { tool, answer }),
    ),
    model: sampledModel(deps.server, extra, (outcome) =>
      deps.logger.info('model.drafted', { tool, outcome }),
    ),
  };
}
