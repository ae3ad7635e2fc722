/**
 * Input rules found missing by a live probe: a query or tag list too long for the schema,
 * content of only invisible characters or with control characters, errors that echo the caller's
 * input, and a query-vector cache shared across namespaces. Each is refused with a clear error that
 * quotes nothing the caller sent, and nothing is saved.
 */
import { z } from 'zod';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { createMemoryTestKit } from '../testing/memory-test-kit';
import { MemoryRepository } from './memory.repository';
import { RecallUseCase } from './recall/recall.use-case';
import { RememberUseCase } from './remember/remember.use-case';
import { INPUT_LIMITS } from './shared/memory-fields.input';
import { linkMemoriesInputSchema } from './link-memories/link-memories.input';
import { recallInputSchema } from './recall/recall.input';
import { rememberInputSchema } from './remember/remember.input';

class CountingEmbeddings extends DeterministicEmbeddingProvider {
  texts: string[] = [];
  override async embed(texts: string[]): Promise<number[][]> {
    this.texts.push(...texts);
    return super.embed(texts);
  }
}

describe('input limits and rules', () => {
  const setup = () => {
    const embeddings = new CountingEmbeddings();
    const kit = createMemoryTestKit({ embeddings });
    return {
      ...kit,
      embeddings,
      remember: kit.container.get(RememberUseCase),
      recall: kit.container.get(RecallUseCase),
      count: () => kit.container.get(MemoryRepository).count('test'),
    };
  };

  // The input schemas are a call's one validation, applied where input arrives (the MCP SDK for a
  // tool, the gateway for a route): the use cases take parsed input and check the domain's rules.
  const refusal = (schema: z.ZodType, input: unknown): string => {
    const result = schema.safeParse(input);
    return result.success ? 'accepted' : z.prettifyError(result.error);
  };

  it('refuses a query longer than the limit', () => {
    const query = 'q'.repeat(INPUT_LIMITS.queryLength + 1);
    expect(refusal(recallInputSchema, { query })).toMatch(/query/);
    expect(refusal(recallInputSchema, { query: 'trip '.repeat(2_000) })).toMatch(/query/);
    expect(refusal(recallInputSchema, { query: 'q'.repeat(INPUT_LIMITS.queryLength) })).toBe('accepted');
  });

  it('refuses too many or too long tags, in recall and in remember', () => {
    const many = Array.from({ length: 1_000 }, (_, i) => `t${i}`);
    expect(refusal(recallInputSchema, { query: 'x', tags: many })).toMatch(/tags/);
    expect(refusal(rememberInputSchema, { content: 'Tagged', tags: many })).toMatch(/tags/);
    const long = 'x'.repeat(INPUT_LIMITS.itemLength + 1);
    expect(refusal(rememberInputSchema, { content: 'Tagged', tags: [long] })).toMatch(/tags/);
  });

  it.each([
    [recallInputSchema, { query: 'x', n_results: 21 }, /n_results/],
    [rememberInputSchema, { content: 42 }, /content/],
    [rememberInputSchema, { content: 'ok', tags: [1] }, /tags/],
    [linkMemoriesInputSchema, { source_id: 'a', target_id: 'b', link_type: 'friend' }, /link_type/],
  ])('refuses input of the wrong shape %#, naming the field', (schema, input, field) => {
    expect(refusal(schema, input)).toMatch(field);
  });

  it.each([
    ['zero-width characters only', '\u200b\u200c\u200d\ufeff'],
    ['Hangul fillers only', '\u3164\u115f\u1160\uffa0 \u3164'],
    ['braille blanks only', '\u2800\u2800\u2800'],
    ['variation selectors and a combining grapheme joiner only', '\ufe0f\u034f\u{e0101}'],
    ['a NUL byte', 'before\u0000after'],
    ['an escape character', 'colour \u001b[31m red'],
  ])('refuses content of %s and saves nothing', async (_, content) => {
    const { remember, context, count } = setup();
    await expect(remember.execute({ content }, context)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await count()).toBe(0);
  });

  it('keeps tabs and line breaks', async () => {
    const { remember, context } = setup();
    const result = await remember.execute({ content: 'line one\n\tline two' }, context);
    expect(result.status).toBe('saved');
  });

  it('keeps Hangul, braille and emoji with a variation selector: only their invisible forms are refused', async () => {
    const { remember, context } = setup();
    for (const content of ['한글 메모', '\u2801\u2803 braille', '\u2764\ufe0f heart'])
      expect((await remember.execute({ content, force: true }, context)).status).toBe('saved');
  });

  it('never echoes an unknown category or emotion back', async () => {
    const { recall, context } = setup();
    for (const input of [{ category: 'CANARY-category-7f3' }, { emotion: 'CANARY-emotion-7f3' }]) {
      const error = (await recall
        .execute({ query: 'x', ...input }, context)
        .catch((e: unknown) => e)) as Error;
      expect(error).toMatchObject({ code: 'INVALID_INPUT' });
      expect(error.message).not.toContain('CANARY');
      expect(JSON.stringify(error)).not.toContain('CANARY');
    }
  });

  it('caches query vectors per namespace, so one tenant’s searches never warm another’s', async () => {
    const { recall, context, embeddings } = setup();
    await recall.execute({ query: 'where did I park' }, context);
    await recall.execute({ query: 'where did I park' }, context);
    expect(embeddings.texts.filter((t) => t === 'where did I park')).toHaveLength(1);
    await recall.execute({ query: 'where did I park' }, { ...context, namespace: 'other' });
    expect(embeddings.texts.filter((t) => t === 'where did I park')).toHaveLength(2);
  });
});
