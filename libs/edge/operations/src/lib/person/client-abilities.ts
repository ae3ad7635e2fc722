/**
 * What the caller's client can do for an operation beyond calling it: ask its person (elicitation)
 * and lend its model (sampling). A transport gives what its client declared; REST gives neither.
 */
import type { ClientModel } from './client-model';
import type { Person } from './person';

export interface ClientAbilities {
  person?: Person;
  model?: ClientModel;
}
