/**
 * The forget input schema, the one validation of a forget call (applied by the MCP SDK and the
 * gateway before the use case runs): at most 20 ids, and never an unknown key such as `confirm`
 * (confirmation is a second call, not a parameter).
 */
import { z } from 'zod';
import { MAX_IDS_PER_CALL, forgetInputSchema } from './forget.input';

const refusal = (input: unknown): string => {
  const result = forgetInputSchema.safeParse(input);
  return result.success ? 'accepted' : z.prettifyError(result.error);
};
const ids = (count: number) => Array.from({ length: count }, (_, i) => `mem_${String(i).padStart(12, '0')}`);

describe('forget input', () => {
  it('takes at most 20 ids per call', () => {
    expect(refusal({ memory_ids: ids(MAX_IDS_PER_CALL) })).toBe('accepted');
    expect(refusal({ memory_ids: ids(MAX_IDS_PER_CALL + 1) })).toMatch(/memory_ids/);
  });

  it('refuses an unknown key such as confirm instead of ignoring it', () => {
    expect(refusal({ confirm: true, memory_id: 'mem_000000000001' })).toMatch(/confirm/);
  });
});
