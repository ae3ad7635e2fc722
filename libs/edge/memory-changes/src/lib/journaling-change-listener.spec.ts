/** Memory changes through a journal: what the listener writes (no content) and what the feed hears. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileChangeJournal } from '@kioku/change-journal';
import type { Memory } from '@kioku/memory';
import { removeDirectory, temporaryDirectory } from '@kioku/testing-fakes';
import { JournalingChangeListener } from './journaling-change-listener';
import type { MemoryChange } from './memory-change';
import { MemoryChangeFeed } from './memory-change-feed';

const CANARY = 'CANARY-journal-7f3a';

function memory(id: string, isPrivate: boolean): Memory {
  return {
    id,
    content: `${CANARY} content`,
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    category: 'daily',
    importance: 3,
    emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
    tags: [`${CANARY}-tag`],
    isPrivate,
    accessCount: 0,
    lastAccessedAt: null,
    embeddingModel: 'test',
  };
}

describe('memory changes through the journal', () => {
  it('tells the feed of each change with its kind and privacy, and writes no content', async () => {
    const dir = await temporaryDirectory('memory-changes');
    const journal = new FileChangeJournal(dir, { pollMs: 20 });
    const heard: MemoryChange[] = [];
    const stop = new MemoryChangeFeed(journal).follow('team', (changes) => heard.push(...changes));
    const listener = new JournalingChangeListener(journal);
    const open = memory('mem_aaaaaaaaaaaa', false);
    const secret = memory('mem_bbbbbbbbbbbb', true);
    try {
      await listener.saved('team', open);
      await listener.updated('team', open, { ...open, isPrivate: true });
      await listener.deleted('team', secret);
      await listener.saved('other', open);
      while (heard.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([
        { memoryId: open.id, kind: 'saved', publicAfter: true, publicBefore: false },
        { memoryId: open.id, kind: 'updated', publicAfter: false, publicBefore: true },
        { memoryId: secret.id, kind: 'deleted', publicAfter: false, publicBefore: false },
      ]);
      const written = readdirSync(join(dir, 'team')).map((file) =>
        readFileSync(join(dir, 'team', file), 'utf8'),
      );
      expect(written.join('')).not.toContain(CANARY);
    } finally {
      stop();
      await removeDirectory(dir);
    }
  });
});
