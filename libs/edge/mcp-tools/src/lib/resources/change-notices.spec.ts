/** Which notifications a batch of memory changes calls for in one session. */
import { noticesFor } from './change-notices';

const A = 'mem_aaaaaaaaaaaa';
const B = 'mem_bbbbbbbbbbbb';
const change = (memoryId: string, publicBefore: boolean, publicAfter: boolean) => ({
  memoryId,
  kind: 'updated' as const,
  publicBefore,
  publicAfter,
});

describe('noticesFor', () => {
  const subscribed = [
    `kioku://memories/${A}`,
    `kioku://memories/${B}`,
    `kioku://memories/${B}?include_private=true`,
    'kioku://memories/recent',
    'test://watched-resource',
  ];

  it('tells of a public change: the list, the recent memories and the memory itself', () => {
    expect(noticesFor([change(A, true, true)], subscribed)).toEqual({
      listChanged: true,
      updated: [`kioku://memories/${A}`, 'kioku://memories/recent'],
    });
  });

  it("tells of a private memory's change only the URI that asked for private ones", () => {
    expect(noticesFor([change(B, false, false)], subscribed)).toEqual({
      listChanged: false,
      updated: [`kioku://memories/${B}?include_private=true`],
    });
  });

  it('tells of a memory turning private: it leaves the list', () => {
    expect(noticesFor([change(B, true, false)], subscribed).listChanged).toBe(true);
  });
});
