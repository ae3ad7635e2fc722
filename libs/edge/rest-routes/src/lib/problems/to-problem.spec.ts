/** Every error becomes a safe problem: status by code, fixed texts for Fastify and unknown errors. */
import { AppError, ERROR_CODES } from '@kioku/kernel';
import { GATEWAY_ERROR_CODES, GatewayError } from './gateway.errors';
import { isServerFault, problemType, statusOfCode, toProblem } from './to-problem';

describe('toProblem', () => {
  it.each([
    ['INVALID_INPUT', 422],
    ['MEMORY_NOT_FOUND', 404],
    ['EPISODE_NOT_FOUND', 404],
    ['LINK_EXISTS', 409],
    ['CONFLICT', 409],
    ['STORE_UNAVAILABLE', 503],
    ['EMBEDDING_UNAVAILABLE', 503],
    ['BUSY', 503],
    ['MODEL_MISMATCH', 500],
    ['INTERNAL', 500],
  ] as const)('maps AppError %s to %i with its safe message', (code, status) => {
    const response = toProblem(new AppError(code, 'A safe message.'));
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.body).toEqual({
      type: problemType(code),
      title: expect.any(String),
      status,
      detail: code === 'INTERNAL' ? 'Internal error.' : 'A safe message.',
      code,
    });
  });

  it('turns a busy error into 503 with Retry-After in whole seconds, and is not a server fault', () => {
    const response = toProblem(
      new AppError('BUSY', 'The embedding queue is full.', { details: { retryAfterSeconds: 1.2 } }),
    );
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.body.code).toBe('BUSY');
    expect(isServerFault(response)).toBe(false);
    expect(toProblem(new AppError('STORE_UNAVAILABLE', 'Down.')).headers['retry-after']).toBeUndefined();
  });

  it('has a status for every code', () => {
    for (const code of [...ERROR_CODES, ...GATEWAY_ERROR_CODES]) {
      expect([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]).toContain(statusOfCode(code));
    }
    for (const code of GATEWAY_ERROR_CODES) {
      const response = toProblem(new GatewayError(code, 'Gateway says no.', { 'retry-after': '3' }));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.body.code).toBe(code);
      expect(response.headers['retry-after']).toBe('3');
    }
  });

  it('never passes on the message of an unknown error or of a Fastify error', () => {
    const unknown = toProblem(new Error('ECONNREFUSED http://user:secret@10.0.0.1:8000'));
    expect(unknown.body).toMatchObject({ status: 500, code: 'INTERNAL', detail: 'Internal error.' });
    const badJson = toProblem(
      Object.assign(new Error('Unexpected token in "secret"'), {
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        statusCode: 400,
      }),
    );
    expect(badJson.body).toMatchObject({
      status: 400,
      code: 'MALFORMED_REQUEST',
      detail: 'The body is not valid JSON.',
    });
    const tooLarge = toProblem(
      Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }),
    );
    expect(tooLarge.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const validation = toProblem(
      Object.assign(new Error('body/content secret'), { code: 'FST_ERR_VALIDATION', statusCode: 400 }),
    );
    expect(validation.body).toMatchObject({ status: 422, code: 'INVALID_INPUT' });
    expect(JSON.stringify(validation)).not.toContain('secret');
    const other = toProblem(
      Object.assign(new Error('secret'), { code: 'FST_ERR_SOMETHING', statusCode: 405 }),
    );
    expect(other.status).toBe(405);
    expect(other.body.status).toBe(405);
    expect(JSON.stringify(other)).not.toContain('secret');
  });
});
