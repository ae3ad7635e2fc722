/**
 * The memories the concurrency fixture writes, and the exact lines they must produce, shared by the
 * fixture (child process) and the test that checks the result.
 */
import type { Memory } from '@kioku/memory';
import { memory } from './workspace-sync-test-kit';

export function concurrentMemory(prefix: string, index: number): Memory {
  const minute = String(index % 60).padStart(2, '0');
  return memory({
    id: `mem_${prefix}${index.toString(16).padStart(11, '0')}`,
    content: `Process ${prefix} note ${index}:\nsome text, then more text.`,
    createdAt: `2026-11-21T${String(10 + Math.floor(index / 60)).padStart(2, '0')}:${minute}:00.000Z`,
    importance: index % 10 === 0 ? 4 : 2,
    emotion: { primary: 'curious', intensity: 0.6 },
  });
}

export function expectedDailyLine(entry: Memory): string {
  return (
    `- ${entry.createdAt.slice(11, 16)} [daily] ${entry.content.replace(/\s+/g, ' ')} ` +
    `(emotion: curious, intensity: 0.60) [id:${entry.id}]`
  );
}

export function expectedCuratedLine(entry: Memory): string {
  return `- [2026-11-21] (daily) ${entry.content.replace(/\s+/g, ' ')} (emotion: curious) [id:${entry.id}]`;
}
