import { RememberBatchUseCase } from '@kioku/memory';
import { createMemoryTestKit } from '@kioku/memory/testing';
import { rememberBatchOutput, rememberBatchStructured, rememberBatchText } from './remember-batch.presenter';

describe('remember_batch (behaviour §4.1)', () => {
  it('counts the outcomes and gives one line and one view per item, in input order', async () => {
    const { container, context } = createMemoryTestKit({ settings: { maxBatchSize: 10 } });
    const results = await container
      .get(RememberBatchUseCase)
      .execute(
        [
          { content: 'The ferry leaves the harbour at seven.' },
          { content: 'The ferry leaves the harbour at seven!' },
          { content: '   ' },
          { content: 'Plums ripen late this year.', private: true },
        ],
        context,
      );
    expect(results.map((r) => r.status)).toEqual(['saved', 'duplicate', 'error', 'saved']);
    const [first, , refused, last] = results;
    if (first.status !== 'saved' || refused.status !== 'error' || last.status !== 'saved') return;

    expect(rememberBatchText(results).split('\n')).toEqual([
      'Saved 2 of 4 (1 near-duplicates not saved, 1 refused).',
      `1. Saved (id: ${first.memory.id}).`,
      `2. Not saved: very similar to ${first.memory.id}.`,
      `3. Refused: ${refused.error.code}: ${refused.error.message}`,
      `4. Saved privately (id: ${last.memory.id}).`,
    ]);
    const structured = rememberBatchStructured(results);
    expect(rememberBatchOutput.parse(structured)).toEqual(structured);
    expect(structured).toMatchObject({ saved: 2, duplicates: 1, errors: 1 });
    expect(structured.results.map((r) => r.status)).toEqual(['saved', 'duplicate', 'error', 'saved']);
    expect(structured.results[2]).toEqual({
      status: 'error',
      error: { code: refused.error.code, message: refused.error.message },
    });
  });
});
