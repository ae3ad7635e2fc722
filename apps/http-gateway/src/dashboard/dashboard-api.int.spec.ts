/**
 * The dashboard's API types and the vocabulary of its pickers come from the gateway's /openapi.json:
 * apps/dashboard/src/api/openapi.ts is what openapi-typescript generates from the document (with the
 * enums' values as constants), and this spec fails while the file differs from what the document
 * generates now. `KIOKU_WRITE_GENERATED=1 npx jest -c jest.int.config.ts <this file>` writes it.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestGateway, type TestGateway } from '../testing/gateway-harness';
import { scratchProject, type ScratchProject } from '../testing/typed-client';

jest.setTimeout(60_000);

const GENERATED = join(__dirname, '..', '..', '..', 'dashboard', 'src', 'api', 'openapi.ts');
const HEADER =
  "// Generated from the gateway's /openapi.json by openapi-typescript (enumValues); do not edit.\n" +
  '// apps/http-gateway/src/dashboard/dashboard-api.int.spec.ts checks it; KIOKU_WRITE_GENERATED=1 rewrites it.\n';

describe("the dashboard's API types", () => {
  let t: TestGateway;
  let scratch: ScratchProject;

  beforeAll(async () => {
    t = await startTestGateway();
    scratch = scratchProject();
  });

  afterAll(async () => {
    scratch.remove();
    await t.close();
  });

  it('are what openapi-typescript generates from /openapi.json', async () => {
    const response = await t.api().get('/openapi.json');
    expect(response.status).toBe(200);
    await scratch.generateTypes(response.body, 'openapi.ts', { enumValues: true });
    const generated = HEADER + readFileSync(join(scratch.dir, 'openapi.ts'), 'utf8');
    if (process.env.KIOKU_WRITE_GENERATED === '1') writeFileSync(GENERATED, generated);
    expect(readFileSync(GENERATED, 'utf8')).toBe(generated);
  });
});
