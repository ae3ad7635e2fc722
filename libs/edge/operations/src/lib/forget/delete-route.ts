/**
 * The REST delete of one memory (`DELETE /v1/memories/:id`): without a token it asks for
 * confirmation (202 with a token and a preview), with one it deletes. The service loads with the
 * forgetting library, on the first delete.
 */
import { accepted, ok } from '../http-responses';
import type { RestCall } from '../operation';
import { deleteRequestedStructured } from './delete-requested.presenter';
import { forgetStructured } from './forget.presenter';

/** The header that may carry the confirmation token instead of `?confirm=`. */
export const CONFIRMATION_HEADER = 'kioku-confirmation-token';

export async function twoStepDelete(call: RestCall) {
  const { TwoStepDelete } = await import('../confirmations/two-step-delete');
  const deletion = call.container.get(TwoStepDelete);
  const memoryId = String(call.input.memory_id);
  const confirm = call.query.confirm;
  const token = typeof confirm === 'string' ? confirm : call.header(CONFIRMATION_HEADER);
  return token === undefined
    ? accepted(deleteRequestedStructured(await deletion.request(call.caller, memoryId)))
    : ok(forgetStructured(await deletion.confirm(call.caller, memoryId, token)));
}
