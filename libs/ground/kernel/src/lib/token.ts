/**
 * Typed DI tokens. `Symbol.for` keeps a token identical across module instances (jest, tsx), and the
 * phantom type ties the token to the interface it resolves to.
 */
import type { ServiceIdentifier } from 'inversify';

export type Token<T> = ServiceIdentifier<T> & symbol & { readonly __type?: T };

export function token<T>(name: string): Token<T> {
  return Symbol.for(`kioku.${name}`) as Token<T>;
}
