import { GroupCommit } from './group-commit';

/** A group runner that records each group and holds it until released. */
function recorder(fits: (group: string[], next: string) => boolean = () => true) {
  const groups: string[][] = [];
  const releases: (() => void)[] = [];
  const commit = new GroupCommit<string>({
    fits,
    run: (_key, group) => {
      groups.push(group);
      return new Promise<void>((resolve) => releases.push(resolve));
    },
  });
  const releaseNext = async () => {
    releases.shift()!();
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { commit, groups, releaseNext };
}

describe('GroupCommit', () => {
  it('runs a lone submission at once, alone', async () => {
    const { commit, groups, releaseNext } = recorder();
    const done = commit.submit('ns', 'a');
    expect(groups).toEqual([['a']]);
    await releaseNext();
    await expect(done).resolves.toBeUndefined();
    expect(commit.busyKeys).toBe(0);
  });

  it('runs what arrived while a group ran as the next group, in arrival order', async () => {
    const { commit, groups, releaseNext } = recorder();
    const all = ['a', 'b', 'c', 'd'].map((m) => commit.submit('ns', m));
    expect(groups).toEqual([['a']]);
    await releaseNext();
    expect(groups).toEqual([['a'], ['b', 'c', 'd']]);
    await releaseNext();
    await Promise.all(all);
    expect(commit.busyKeys).toBe(0);
  });

  it('splits the waiting line where the next member does not fit, keeping the order', async () => {
    const { commit, groups, releaseNext } = recorder((group) => group.length < 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((m) => commit.submit('ns', m));
    for (let i = 0; i < 3; i++) await releaseNext();
    await Promise.all(all);
    expect(groups).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('never makes one key wait for another', async () => {
    const { commit, groups } = recorder();
    void commit.submit('a', 'first');
    void commit.submit('b', 'other');
    expect(groups).toEqual([['first'], ['other']]);
  });

  it('rejects every member of a failed group and still runs the next group', async () => {
    let calls = 0;
    const commit = new GroupCommit<string>({
      fits: () => true,
      run: async () => {
        calls += 1;
        await new Promise((resolve) => setImmediate(resolve));
        if (calls === 2) throw new Error('store down');
      },
    });
    const [first, second, third, fourth] = ['a', 'b', 'c', 'd'].map((m) => commit.submit('ns', m));
    await expect(first).resolves.toBeUndefined();
    await expect(second).rejects.toThrow('store down');
    await expect(third).rejects.toThrow('store down');
    await expect(fourth).rejects.toThrow('store down');
    const later = commit.submit('ns', 'e');
    await expect(later).resolves.toBeUndefined();
    expect(calls).toBe(3);
  });
});
