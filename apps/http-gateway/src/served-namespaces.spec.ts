import type { ApiKeyInfo } from './auth/api-key-store';
import { servedNamespaces } from './served-namespaces';

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
