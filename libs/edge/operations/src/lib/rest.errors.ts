/**
 * Results that a REST client must see as failures (an unknown id is a 404, a refused change a
 * 409), raised as `AppError`s with stable codes so the gateway's problem mapping decides the status. A message
 * never repeats the ids the caller sent (the client knows what it asked for). `expectMode` narrows a use case's result to the
 * mode the route asked for (so its body type is that mode's schema); any other mode is a bug.
 */
import { AppError } from '@kioku/kernel';

export function memoryNotFound(...memoryIds: string[]): AppError {
  const message =
    memoryIds.length > 1
      ? `${memoryIds.length} of the memories named do not exist.`
      : 'No memory with this id exists.';
  return new AppError('MEMORY_NOT_FOUND', message);
}

export function episodeNotFound(): AppError {
  return new AppError('EPISODE_NOT_FOUND', 'No episode with this id exists.');
}

export function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

export function linkExists(type: string): AppError {
  return new AppError('LINK_EXISTS', `These memories are already linked (type: ${type}).`);
}

export function notInTrash(): AppError {
  return new AppError(
    'MEMORY_NOT_FOUND',
    'Not in trash. Only memories deleted within the trash retention can be restored.',
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
