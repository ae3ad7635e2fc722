/**
 * Confirmations entry point (`@kioku/operations/confirmations`): the two-step delete service, which
 * loads the forgetting library; the app that serves REST binds it in its container.
 */
export { TwoStepDelete } from './lib/confirmations/two-step-delete';
