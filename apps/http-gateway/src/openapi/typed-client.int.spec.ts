/**
 * A typed client generated from the served OpenAPI document: openapi-typescript writes the `paths`
 * types, a sample uses them with openapi-fetch (remember → recall → read a result's `private` and `id`
 * → delete in two steps) and type-checks under `strict`; samples that read a field the document does
 * not have, or send a body it does not accept, fail the type check (so the types are not `any`). The
 * first sample then runs against the live gateway.
 */
import 'reflect-metadata';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness';
import { scratchProject, type ScratchProject } from '../testing/typed-client';

// The root Jest config runs projects, where the preset's testTimeout does not apply; compiling is slow under load.
jest.setTimeout(120_000);

const USAGE = `
import createClient from 'openapi-fetch';
import type { paths } from './kioku-api';

export async function rememberRecallForget(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const saved = await client.POST('/v1/memories', {
    body: { content: 'The user keeps a sourdough starter named Clint in the fridge.', private: true },
  });
  if (!saved.data || saved.data.status !== 'saved') throw new Error('not saved');
  const savedId: string = saved.data.memory.id;

  const recalled = await client.POST('/v1/recall', { body: { query: 'sourdough starter', n_results: 1 } });
  if (!recalled.data) throw new Error(recalled.error?.detail ?? 'recall failed');
  const first = recalled.data.results[0];
  const isPrivate: boolean = first.private;
  const id: string = first.id;

  const asked = await client.DELETE('/v1/memories/{id}', { params: { path: { id } } });
  if (!asked.data || !('confirmationToken' in asked.data)) throw new Error('no confirmation asked');
  const confirmed = await client.DELETE('/v1/memories/{id}', {
    params: { path: { id }, query: { confirm: asked.data.confirmationToken } },
  });
  if (!confirmed.data || !('forgotten' in confirmed.data)) throw new Error('not deleted');
  const forgotten: string[] = confirmed.data.forgotten;
  return { savedId, id, isPrivate, forgotten, deleteStatuses: [asked.response.status, confirmed.response.status] };
}
`;

const NO_SUCH_FIELD = `
import createClient from 'openapi-fetch';
import type { paths } from './kioku-api';

export async function readsAFieldThatDoesNotExist(client: ReturnType<typeof createClient<paths>>) {
  const recalled = await client.POST('/v1/recall', { body: { query: 'anything' } });
  return recalled.data?.results[0].nope;
}
`;

const WRONG_BODY = `
import createClient from 'openapi-fetch';
import type { paths } from './kioku-api';

export async function sendsAWrongBody(client: ReturnType<typeof createClient<paths>>) {
  return client.POST('/v1/memories', { body: { content: 42 } });
}
`;

describe('a typed client generated from the OpenAPI document', () => {
  let t: TestGateway;
  let project: ScratchProject;

  beforeAll(async () => {
    t = await startTestGateway();
    project = scratchProject();
    const document = (await t.api().get('/openapi.json')).body as unknown;
    await project.generateTypes(document, 'kioku-api.ts');
  });
  afterAll(async () => {
    project.remove();
    await t.close();
  });

  it('type-checks a strict remember → recall → two-step delete with openapi-fetch', () => {
    expect(project.typeCheck([project.write('usage.ts', USAGE)])).toEqual([]);
  });

  it('refuses a field the document does not have, and a body it does not accept', () => {
    const noSuchField = project.typeCheck([project.write('no-such-field.ts', NO_SUCH_FIELD)]);
    expect(noSuchField).toEqual([
      expect.stringMatching(/^no-such-field\.ts:\d+ TS2339: Property 'nope' does not exist/),
    ]);
    const wrongBody = project.typeCheck([project.write('wrong-body.ts', WRONG_BODY)]);
    expect(wrongBody).toEqual([
      expect.stringMatching(/^wrong-body\.ts:\d+ TS2322: Type 'number' is not assignable to type 'string'/),
    ]);
  });

  it('runs the sample against the live gateway', async () => {
    const built = project.build(project.write('usage.ts', USAGE));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the sample is built at test time
    const sample = require(built) as {
      rememberRecallForget(baseUrl: string, token: string): Promise<unknown>;
    };
    const { token } = await t.createKey('typed-client');
    const result = await sample.rememberRecallForget(t.baseUrl, token);
    expect(result).toEqual({
      savedId: expect.stringMatching(/^mem_/),
      id: expect.stringMatching(/^mem_/),
      isPrivate: true,
      forgotten: [expect.stringMatching(/^mem_/)],
      deleteStatuses: [202, 200],
    });
  });
});
