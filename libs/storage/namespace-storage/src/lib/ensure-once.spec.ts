import { EnsureOnce } from './ensure-once';

describe('EnsureOnce', () => {
  it('runs the setup once per key; concurrent callers share the attempt', async () => {
    const once = new EnsureOnce();
    let release!: () => void;
    const setup = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const callers = [once.run('a', setup), once.run('a', setup)];
    release();
    await Promise.all(callers);
    await once.run('a', setup);
    expect(setup).toHaveBeenCalledTimes(1);
    await once.run('b', setup.mockResolvedValueOnce(undefined));
    expect(setup).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed attempt, so the next call tries again', async () => {
    const once = new EnsureOnce();
    const setup = jest.fn().mockRejectedValueOnce(new Error('store down')).mockResolvedValue(undefined);
    await expect(once.run('a', setup)).rejects.toThrow('store down');
    await once.run('a', setup);
    await once.run('a', setup);
    expect(setup).toHaveBeenCalledTimes(2);
  });
});
