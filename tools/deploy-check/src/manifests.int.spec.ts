/**
 * The deployment manifests (docker/compose.*.yml, deploy/kubernetes/) checked without a cluster or a
 * Docker engine: Kubernetes objects against the Kubernetes schemas, compose files against the Compose
 * Specification (validate-manifests.mjs), and the settings a scaled-out kioku relies on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = join(__dirname, '..', '..', '..');
const KUBERNETES = join(ROOT, 'deploy', 'kubernetes');
const COMPOSE_FILES = readdirSync(join(ROOT, 'docker'))
  .filter((name) => /^compose\..*\.yml$/.test(name))
  .map((name) => join(ROOT, 'docker', name));

interface Result {
  file: string;
  kind: 'kubernetes' | 'compose';
  objects: number;
  errors: string[];
}

function validate(args: string[]): { status: number | null; results: Result[] } {
  const run = spawnSync(process.execPath, [join(__dirname, 'validate-manifests.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const results = run.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Result);
  return { status: run.status, results };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are free-form YAML
function kubernetesObjects(): any[] {
  return readdirSync(KUBERNETES)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) => parseAllDocuments(readFileSync(join(KUBERNETES, name), 'utf8')).map((d) => d.toJS()));
}

jest.setTimeout(90_000);

describe('deployment manifests', () => {
  it('are valid Kubernetes objects and valid compose files', () => {
    const { status, results } = validate([
      '--kubernetes',
      KUBERNETES,
      ...COMPOSE_FILES.flatMap((file) => ['--compose', file]),
    ]);
    expect(results.filter((r) => r.errors.length > 0)).toEqual([]);
    expect(status).toBe(0);
    expect(results.filter((r) => r.kind === 'compose')).toHaveLength(COMPOSE_FILES.length);
    expect(results.filter((r) => r.kind === 'kubernetes').reduce((sum, r) => sum + r.objects, 0)).toBe(
      kubernetesObjects().length,
    );
  });

  it('reports invalid objects and compose files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-manifests-'));
    try {
      const gateway = readFileSync(join(KUBERNETES, 'gateway.yaml'), 'utf8').replace(
        'replicas: 3',
        'replicas: three',
      );
      writeFileSync(join(dir, 'gateway.yaml'), gateway);
      const compose = join(tmpdir(), `${basename(dir)}.compose.yml`);
      writeFileSync(compose, 'services:\n  web:\n    image: x\n    ports: 80\n');
      const { status, results } = validate(['--kubernetes', dir, '--compose', compose]);
      rmSync(compose);
      expect(status).toBe(1);
      expect(results.map((r) => r.errors.join('; '))).toEqual([
        expect.stringContaining('spec/replicas must be integer'),
        expect.stringContaining('/services/web/ports must be array'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('give the gateways the Host allow-list, the shared keys file and the Qdrant consistency settings', () => {
    const objects = kubernetesObjects();
    const store = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'kioku-store').data;
    expect(store).toMatchObject({
      KIOKU_VECTOR_STORE: 'qdrant',
      KIOKU_QDRANT_REPLICATION_FACTOR: '2',
      KIOKU_QDRANT_WRITE_CONSISTENCY_FACTOR: '2',
      KIOKU_QDRANT_WRITE_ORDERING: 'strong',
    });
    const gateway = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'kioku-gateway');
    const container = gateway.spec.template.spec.containers[0];
    const env = Object.fromEntries(
      (container.env as { name: string; value: string }[]).map((e) => [e.name, e.value]),
    );
    expect(env['KIOKU_ALLOWED_HOSTS'].split(',')).toEqual(
      expect.arrayContaining(['kioku-gateway', 'kioku-gateway.kioku.svc.cluster.local', 'localhost']),
    );
    expect(env['KIOKU_API_KEYS_FILE']).toBe('/etc/kioku/keys/api-keys.json');
    expect(container.volumeMounts).toContainEqual(
      expect.objectContaining({ mountPath: '/etc/kioku/keys', readOnly: true }),
    );
    // Probes must pass the Host allow-list.
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe.httpGet.httpHeaders).toContainEqual({ name: 'Host', value: 'localhost' });
    }
    const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === 'qdrant');
    expect(store.KIOKU_QDRANT_URL).toBe(`http://${service.metadata.name}:6333`);

    const compose = parse(readFileSync(join(ROOT, 'docker', 'compose.scale-out.yml'), 'utf8'), {
      merge: true,
    });
    expect(compose.services.gateway.deploy.replicas).toBeGreaterThan(1);
    expect(compose.services.gateway.environment).toMatchObject({
      KIOKU_QDRANT_WRITE_ORDERING: 'strong',
      KIOKU_QDRANT_WRITE_CONSISTENCY_FACTOR: '2',
    });
  });
});
