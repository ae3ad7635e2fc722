/**
 * The questions forget puts to the person behind an MCP client before it deletes (elicitation): what
 * will be deleted, each memory named without a private memory's text, and whether it can be undone.
 */
import type { SweepSample } from '@kioku/forgetting';
import type { Memory } from '@kioku/memory';
import { memoryForPerson, trashLine } from '../shared/memory-for-person.presenter';

export function forgetIdsQuestion(memories: Memory[], now: Date, trashRetentionDays: number): string {
  return [
    memories.length === 1 ? 'Forget this memory?' : `Forget these ${memories.length} memories?`,
    ...memories.map((memory) => `- ${memoryForPerson(memory, now)}`),
    trashLine(trashRetentionDays, memories.length),
  ].join('\n');
}

/** The sweep's drop list: its size, the sampled memories (with why each is due), and the undo. */
export function sweepQuestion(
  toDrop: number,
  samples: { sample: SweepSample; memory: Memory }[],
  now: Date,
  trashRetentionDays: number,
): string {
  const more = toDrop - samples.length;
  return [
    `Auto-forget would drop ${toDrop} ${toDrop === 1 ? 'memory' : 'memories'} that are rarely used and of low importance. Drop ${toDrop === 1 ? 'it' : 'them'}?`,
    ...samples.map(
      ({ sample, memory }) =>
        `- ${memoryForPerson(memory, now)}, ${Math.floor(sample.days)} days since last use`,
    ),
    ...(more > 0 ? [`… and ${more} more.`] : []),
    trashLine(trashRetentionDays, toDrop),
  ].join('\n');
}
