/**
 * The output variant a presenter answers for a domain result it is given: the one with the same
 * discriminant value. A presenter overloaded with it keeps a caller's narrowing (a route that has
 * ruled out "not_found" gets the "found" view's type), and with the full result union it gives the
 * full output union.
 */
export type VariantFor<Output, K extends PropertyKey, Result extends Record<K, unknown>> = Extract<
  Output,
  Record<K, Result[K]>
>;
