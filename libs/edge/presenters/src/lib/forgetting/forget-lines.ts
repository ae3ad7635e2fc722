/** Lines the forget texts share: where to look for candidates, and until when a deletion can be undone. */
export const QUERY_MODE_HINT = 'To list candidates with their ids, call forget with query.';

export function restoreLine(restorableUntil: string | null): string {
  return restorableUntil
    ? `\nIt can be restored with restore until ${restorableUntil.slice(0, 10)} (trash retention).`
    : '\nThe trash is off (retention 0 days): this cannot be undone.';
}
