import { prepareNamespaces } from './prepare-namespaces';

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
