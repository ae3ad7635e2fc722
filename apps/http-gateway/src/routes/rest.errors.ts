/**
 * Results that a REST client must see as failures (an unknown id is a 404, a refused change a
 * 409), raised as `AppError`s with stable codes so `to-problem.ts` decides the status. Ids in the
 * messages are the caller's own input, shortened. `expectMode` narrows a use case's result to the
 * mode the route asked for (so its body type is that mode's schema); any other mode is a bug.
 */
import { AppError, snippet } from '@kioku/kernel';

const ids = (values: string[]) => snippet(values.join(', '), 200);

export function memoryNotFound(...memoryIds: string[]): AppError {
  return new AppError('MEMORY_NOT_FOUND', `Memory not found: ${ids(memoryIds)}`);
}

export function episodeNotFound(episodeId: string): AppError {
  return new AppError('EPISODE_NOT_FOUND', `Episode not found: ${ids([episodeId])}`);
}

export function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

export function linkExists(sourceId: string, targetId: string, type: string): AppError {
  return new AppError(
    'LINK_EXISTS',
    `Link already exists: ${ids([sourceId])} ↔ ${ids([targetId])} (type: ${type})`,
  );
}

export function notInTrash(memoryId: string): AppError {
  return new AppError(
    'MEMORY_NOT_FOUND',
    `Not in trash: ${ids([memoryId])}. Only memories deleted within the trash retention can be restored.`,
  );
}

export function expectMode<R extends { mode: string }, M extends R['mode']>(
  result: R,
  mode: M,
): Extract<R, { mode: M }> {
  if (result.mode !== mode)
    throw new AppError('INTERNAL', `Expected a "${mode}" result, got "${result.mode}".`);
  return result as Extract<R, { mode: M }>;
}
