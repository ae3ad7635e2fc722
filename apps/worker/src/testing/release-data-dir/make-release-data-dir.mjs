// Makes the data dir the migration spec starts from, with a kioku release's own commands (run from the
// release's checkout, where `bin/kioku` is that release): two namespaces with memories (one private),
// automatic and hand-made links, an episode, an updated memory, a forgotten one in the trash and a
// consolidation's setting; then
// that release's own export of everything (vectors and private memories included), which the
// migrated store must reproduce. Usage, from the release's checkout:
//   node /path/to/make-release-data-dir.mjs <dataDir> <export.jsonl>
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [dataDir, exportFile] = process.argv.slice(2);
const env = { PATH: process.env.PATH, HOME: dataDir, KIOKU_DATA_DIR: dataDir, KIOKU_LOG_LEVEL: 'warn' };

async function session(namespace, work) {
  const client = new Client({ name: 'release-data-dir', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: 'node',
      args: ['bin/kioku', 'mcp'],
      env: { ...env, KIOKU_NAMESPACE: namespace },
    }),
  );
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    if (result.isError) throw new Error(`${name}: ${result.content[0].text}`);
    return result.structuredContent;
  };
  try {
    await work(call);
  } finally {
    await client.close();
  }
}

await session('default', async (call) => {
  const tea = await call('remember', {
    content: 'Alice drinks green tea with lemon every morning.',
    tags: ['alice', 'habits'],
  });
  await call('remember', {
    content: 'Alice prefers green tea with a slice of lemon in the morning.',
    force: true,
  });
  const trip = await call('remember', {
    content: 'We booked the ryokan in Kyoto for the second week of April.',
    category: 'daily',
    importance: 4,
    emotion: 'excited',
  });
  await call('remember', { content: 'The spare key hangs behind the blue kettle.', private: true });
  const bug = await call('remember', {
    content: 'The flaky test was a race between two writers on one file.',
    category: 'technical',
  });
  await call('remember', { content: '京都の旅館は四月の第二週に予約した。', tags: ['旅行'] });
  await call('link_memories', { source_id: trip.memory.id, target_id: bug.memory.id, link_type: 'related' });
  await call('create_episode', {
    memory_ids: [tea.memory.id, trip.memory.id],
    summary: 'Spring plans with Alice',
  });
  await call('update_memory', { memory_id: bug.memory.id, importance: 5 });
  const gone = await call('remember', { content: 'The old router password was written on a sticky note.' });
  await call('forget', { memory_id: gone.memory.id });
  await call('forget', { memory_id: gone.memory.id });
  // Leaves the namespace's `consolidation` setting (its last run and merge candidates).
  await call('consolidate', {});
});

await session('work', async (call) => {
  await call('remember', { content: 'The quarterly review moved to Thursday at 3 pm.' });
  await call('remember', { content: 'Deploys freeze from December 20 to January 3.', importance: 4 });
});

execFileSync(
  'node',
  ['bin/kioku', 'export', '--all', '--with-vectors', '--include-private', '--output', exportFile],
  { env, stdio: 'inherit' },
);
