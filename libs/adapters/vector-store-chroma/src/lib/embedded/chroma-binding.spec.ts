import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchedPackageDir, locateBinding } from './chroma-binding';

const NAME = 'chromadb-js-bindings-linux-x64-gnu';
/** A pid no process has (above Linux's and macOS's pid limits). */
const DEAD_PID = 2_147_483_646;

describe('locateBinding', () => {
  let root: string;
  let resolveFrom: string;
  let runtimeDir: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kioku-binding-'));
    // A tree like an installed one: chromadb with its platform binding beside it.
    mkdirSync(join(root, 'node_modules', 'chromadb'), { recursive: true });
    resolveFrom = join(root, 'node_modules', 'chromadb', 'index.js');
    writeFileSync(resolveFrom, '');
    runtimeDir = join(root, 'data', 'runtime');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function installBinding(dir: string, version: string): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: NAME, version }));
  }

  it('returns chromadb’s own binding when the current build loads', async () => {
    installBinding(join(root, 'node_modules', NAME), '1.3.4');
    await expect(
      locateBinding({ packageName: NAME }, { runtimeDirs: [runtimeDir], environment: {}, resolveFrom }),
    ).resolves.toBe(join(root, 'node_modules', NAME));
  });

  it('says how to fix an install without the optional binding', async () => {
    await expect(
      locateBinding({ packageName: NAME }, { runtimeDirs: [runtimeDir], environment: {}, resolveFrom }),
    ).rejects.toThrow(`${NAME} is not installed`);
  });

  it('returns chromadb’s binding when it is the legacy version (a checkout that pins it)', async () => {
    installBinding(join(root, 'node_modules', 'chromadb', 'node_modules', NAME), '1.0.5');
    await expect(
      locateBinding(
        { packageName: NAME, legacyVersion: '1.0.5' },
        { runtimeDirs: [runtimeDir], environment: {}, resolveFrom },
      ),
    ).resolves.toBe(join(root, 'node_modules', 'chromadb', 'node_modules', NAME));
  });

  it('returns the legacy build fetched earlier into the runtime dir, without npm', async () => {
    installBinding(join(root, 'node_modules', NAME), '1.3.4');
    const fetched = fetchedPackageDir(runtimeDir, NAME, '1.0.5');
    installBinding(fetched, '1.0.5');
    await expect(
      locateBinding(
        { packageName: NAME, legacyVersion: '1.0.5' },
        // No PATH: npm could not run.
        { runtimeDirs: [runtimeDir], environment: {}, resolveFrom },
      ),
    ).resolves.toBe(fetched);
  });

  it('finds the build in a later runtime dir (the data dir’s) when the package’s has none', async () => {
    const packageRuntime = join(root, 'package', 'runtime');
    const fetched = fetchedPackageDir(runtimeDir, NAME, '1.0.5');
    installBinding(fetched, '1.0.5');
    await expect(
      locateBinding(
        { packageName: NAME, legacyVersion: '1.0.5' },
        { runtimeDirs: [packageRuntime, runtimeDir], environment: {}, resolveFrom },
      ),
    ).resolves.toBe(fetched);
  });

  it('fetches into the first writable runtime dir and keeps a live process’s fetch in progress', async () => {
    const notWritable = join(root, 'a-file');
    writeFileSync(notWritable, '');
    const inProgress = join(runtimeDir, `${NAME}@1.0.5.${process.pid === 1 ? 2 : 1}.tmp`);
    mkdirSync(inProgress, { recursive: true });
    const error = await locateBinding(
      { packageName: NAME, legacyVersion: '1.0.5' },
      {
        runtimeDirs: [join(notWritable, 'runtime'), runtimeDir],
        environment: { PATH: join(root, 'no-such-dir') },
        resolveFrom,
      },
    ).catch((e: unknown) => e as Error);
    // The fetch went to the second dir (npm cannot run here, so it fails there).
    expect((error as Error).message).toContain(`--prefix ${join(runtimeDir, `${NAME}@1.0.5`)}`);
    expect(readdirSync(runtimeDir)).toEqual([`${NAME}@1.0.5.${process.pid === 1 ? 2 : 1}.tmp`]);
  });

  it('reports a failed fetch with the command to run by hand and leaves nothing behind', async () => {
    // What a fetch cut short by kill -9 leaves (its pid is gone).
    mkdirSync(join(runtimeDir, `${NAME}@1.0.5.${DEAD_PID}.tmp`), { recursive: true });
    const error = await locateBinding(
      { packageName: NAME, legacyVersion: '1.0.5' },
      { runtimeDirs: [runtimeDir], environment: { PATH: join(root, 'no-such-dir') }, resolveFrom },
    ).catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain(`Could not fetch ${NAME}@1.0.5`);
    expect((error as Error).message).toContain(`npm install --prefix ${join(runtimeDir, `${NAME}@1.0.5`)}`);
    expect(readdirSync(runtimeDir)).toEqual([]);
  });
});
