import type { ApiKeyInfo } from './auth/api-key-store';
import { prepareNamespaces, servedNamespaces } from './prepare-namespaces';

function key(namespace: string, revoked = false): ApiKeyInfo {
  return {
    id: `k-${namespace}-${revoked}`,
    namespace,
    label: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    revokedAt: revoked ? '2026-11-28T01:00:00.000Z' : null,
  };
}

describe('servedNamespaces', () => {
  it("is each active key's namespace once, revoked keys left out", () => {
    expect(servedNamespaces([key('a'), key('b'), key('a'), key('c', true)])).toEqual(['a', 'b']);
  });

  it('puts the anonymous namespace first where anonymous access is on', () => {
    expect(servedNamespaces([key('a'), key('default')], 'default')).toEqual(['default', 'a']);
    expect(servedNamespaces([], 'default')).toEqual(['default']);
  });
});

describe('prepareNamespaces', () => {
  it('prepares one namespace at a time, and a failure is logged with its namespace while the rest go on', async () => {
    const events: string[] = [];
    const memories = {
      async prepare(namespace: string) {
        events.push(`start ${namespace}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${namespace}`);
        if (namespace === 'b') throw new Error('store went away');
      },
    };
    const warnings: unknown[] = [];
    await prepareNamespaces(memories, ['a', 'b', 'c'], {
      warn: (event, fields) => warnings.push({ event, fields }),
    });
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(warnings).toEqual([
      { event: 'store.prepare_failed', fields: { namespace: 'b', error: new Error('store went away') } },
    ]);
  });
});
