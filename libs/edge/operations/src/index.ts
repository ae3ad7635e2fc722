/** Public API of @kioku/operations: the table of operations and what the transports need to serve it. */
export { OPERATIONS } from './lib/operations';
export { CONFIRMATION_HEADER } from './lib/forget/delete-route';
export { toolOutputSchema } from './lib/shared/output-schema';
export { memoryContentSchema, memoryView, memoryViewSchema } from './lib/shared/memory-view.presenter';
export { round2 } from './lib/shared/rounding';
export { wakeUpText } from './lib/wake-up/wake-up.presenter';
export {
  type HttpMethod,
  type ResponseDoc,
  type ResponseDocs,
  type RouteDocs,
  type RouteResult,
  accepted,
  created,
  ok,
} from './lib/http-responses';
export { type HttpRoute, type Operation, type OperationTag, type RestCall } from './lib/operation';
export { memoryNotFound } from './lib/rest.errors';
export { ConfirmationError } from './lib/confirmations/confirmation.errors';
export { type ClientAbilities } from './lib/person/client-abilities';
export { type ClientModel, type DraftAnswer, type DraftRequest } from './lib/person/client-model';
export { type ConfirmationQuestion, type Person, type PersonAnswer } from './lib/person/person';
