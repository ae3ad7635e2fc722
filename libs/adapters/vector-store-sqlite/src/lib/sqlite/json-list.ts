/**
 * A list of values bound as one parameter, a JSON array: `x IN ${IN_LIST}`, bound to `jsonList(values)`.
 * The statement's text is the same however many values it holds, so it is prepared once (with a `?`
 * a value, each count was a statement of its own, and recall's reads of 1–300 ids kept preparing
 * them), and no list reaches SQLite's limits on parameters or expression depth.
 */
export const IN_LIST = '(SELECT value FROM json_each(?))';

export function jsonList(values: readonly (string | number)[]): string {
  return JSON.stringify(values);
}
