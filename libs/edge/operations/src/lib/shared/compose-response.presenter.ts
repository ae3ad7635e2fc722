/** Data, then `\n\n---\n` and the reflective scaffold where the seeds give one (behaviour §5). */
export function composeResponse(data: string, scaffold?: string): string {
  return scaffold ? `${data}\n\n---\n${scaffold}` : data;
}

export const NOT_FOUND_SCAFFOLD =
  "Double-check the ID. Use recall to search for the memory you're looking for.";

export function notFoundText(memoryId: string): string {
  return composeResponse(`Memory not found: ${memoryId}`, NOT_FOUND_SCAFFOLD);
}
