/**
 * Test helper: checks real gateway responses against the OpenAPI document it serves. For each
 * response, the document must list its status for that path and method, and its media type; a JSON
 * body must match the declared schema, validated with Ajv (JSON Schema 2020-12, strict, every error),
 * so a field the document does not declare fails (`additionalProperties: false`). It records which
 * (operation, status) pairs were seen, for the coverage assertions.
 */
import http from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type JsonSchema = Record<string, unknown>;

interface DocumentedResponse {
  content?: Record<string, { schema?: JsonSchema }>;
}

interface Operation {
  operationId: string;
  responses: Record<string, DocumentedResponse>;
  requestBody?: unknown;
  parameters?: { in: string }[];
}

export interface ServedDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface SeenResponse {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

export class OpenApiConformance {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  /** `method path status`, e.g. `post /v1/memories 201`. */
  readonly seen = new Set<string>();

  constructor(readonly document: ServedDocument) {}

  /** Every documented (operation, status) pair, as `method path status`. */
  documented(): { key: string; method: string; path: string; status: string; operation: Operation }[] {
    return Object.entries(this.document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        Object.keys(operation.responses).map((status) => ({
          key: `${method} ${path} ${status}`,
          method,
          path,
          status,
          operation,
        })),
      ),
    );
  }

  /** Asserts that the response is documented for `method path` and matches its schema; records it. */
  check(method: string, path: string, response: SeenResponse): void {
    const operation = this.document.paths[path]?.[method];
    if (!operation) throw new Error(`Not in the document: ${method} ${path}`);
    const documented = operation.responses[String(response.status)];
    if (!documented)
      throw new Error(`${method} ${path} answered ${response.status}, which the document does not list.`);
    const mediaType = response.contentType?.split(';')[0]?.trim();
    const content = documented.content;
    if (content) {
      if (!mediaType || !(mediaType in content))
        throw new Error(
          `${method} ${path} ${response.status} answered ${mediaType ?? 'no body'}; documented: ${Object.keys(content).join(', ')}`,
        );
      const schema = content[mediaType]?.schema;
      if (schema) this.validate(`${method} ${path} ${response.status} ${mediaType}`, schema, response.body);
    }
    this.seen.add(`${method} ${path} ${response.status}`);
  }

  private validate(key: string, schema: JsonSchema, body: unknown): void {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.resolve(schema));
      this.validators.set(key, validate);
    }
    if (!validate(body))
      throw new Error(
        `${key}: the body does not match the documented schema: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
      );
  }

  /** A response schema is inline, or a `$ref` to `components/schemas` (the problem body). */
  private resolve(schema: JsonSchema): JsonSchema {
    const ref = schema['$ref'];
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    const target = this.document.components.schemas[name];
    if (!target) throw new Error(`Unresolved reference ${ref}`);
    return target;
  }
}

/** Opens a request and resolves with status and headers as soon as they arrive (for event streams). */
export function headersOnly(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; contentType: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] });
      response.destroy();
    });
    request.on('error', reject);
    request.end();
  });
}
