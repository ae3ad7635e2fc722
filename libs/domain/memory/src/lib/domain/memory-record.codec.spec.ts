import { fromRecord, toMetadata } from './memory-record.codec';
import type { Memory } from './memory';

describe('memory record codec', () => {
  const memory: Memory = {
    id: 'mem_0123456789ab',
    content: 'Met Alice',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    category: 'relationship',
    importance: 4,
    emotion: { primary: 'happy', secondary: ['grateful'], intensity: 0.6, valence: 0.6, arousal: 0.5 },
    tags: ['friends', '友達'],
    isPrivate: true,
    accessCount: 2,
    lastAccessedAt: '2026-11-21T10:00:00.000Z',
    embeddingModel: 'fake',
  };

  it('round-trips a memory through flat metadata, with a filterable key per tag', () => {
    const metadata = toMetadata(memory);
    expect(metadata['tag_友達']).toBe(true);
    expect(Object.values(metadata).every((v) => ['string', 'number', 'boolean'].includes(typeof v))).toBe(
      true,
    );
    expect(fromRecord({ id: memory.id, metadata, document: '' })).toEqual(memory);
  });

  it('reads old or foreign records tolerantly', () => {
    const read = fromRecord({
      id: 'mem_x',
      document: '',
      metadata: {
        content: 'old',
        category: 'bogus',
        importance: 'x',
        emotion: 'weird',
        isPrivate: '1',
        tags: 'a,b',
        accessCount: -3,
      },
    });
    expect(read).toMatchObject({
      category: 'daily',
      importance: 3,
      isPrivate: true,
      tags: ['a', 'b'],
      accessCount: 0,
    });
    expect(read?.emotion.primary).toBe('neutral');
    expect(fromRecord({ id: 'x', document: '', metadata: {} })).toBeNull();
    for (const value of [true, 1, '1', 'true']) {
      expect(
        fromRecord({ id: 'x', document: '', metadata: { content: 'c', isPrivate: value } })?.isPrivate,
      ).toBe(true);
    }
    expect(fromRecord({ id: 'x', document: '', metadata: { content: 'c' } })?.isPrivate).toBe(false);
  });
});
