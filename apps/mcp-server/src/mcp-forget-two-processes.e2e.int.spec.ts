/**
 * Two stdio servers on one data dir share the pending deletions (they live in the store), but each
 * process is its own caller: a forget asked in one is never confirmed by the other (behaviour §4.5).
 */
import { callTool } from './testing/call-tool';
import { startStdioKioku, type StdioKioku } from './testing/stdio-client';

describe('forget across two stdio processes on one data dir', () => {
  let first: StdioKioku;
  let second: StdioKioku;

  beforeAll(async () => {
    first = await startStdioKioku();
    second = await startStdioKioku({}, first.dataDir);
  }, 180_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('asks the second process to confirm on its own, and deletes only on a confirmation by the same process', async () => {
    const saved = await callTool(first.client, 'remember', {
      content: 'The user keeps the spare house key under the blue flower pot.',
    });
    const id: string = saved.data.memory.id;

    const askedByFirst = await callTool(first.client, 'forget', { memory_id: id });
    expect(askedByFirst.text).toMatch(/^Please confirm: forget /);

    const askedBySecond = await callTool(second.client, 'forget', { memory_id: id });
    expect(askedBySecond.text).toMatch(/^Please confirm: forget /);
    const stillThere = await callTool(second.client, 'recall', { query: 'spare house key', n_results: 1 });
    expect(stillThere.data.results[0].id).toBe(id);

    const confirmedByFirst = await callTool(first.client, 'forget', { memory_id: id });
    expect(confirmedByFirst.text).toMatch(/^Forgot \(id: /);
    const late = await callTool(second.client, 'forget', { memory_id: id });
    expect(late.text).toMatch(/^Memory not found: /);
  }, 120_000);
});
