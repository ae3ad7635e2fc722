import {
  chromaBuild,
  chromaPlatform,
  SUPPORTED_PLATFORMS,
  thisChromaPlatform,
  UnsupportedPlatformError,
} from './chroma-platform';

describe('chromaPlatform', () => {
  it('runs Linux servers in their own network namespace, tied by the parent-death signal, /proc known', () => {
    for (const arch of ['x64', 'arm64']) {
      expect(chromaPlatform({ platform: 'linux', arch })).toMatchObject({
        privacy: 'network-namespace',
        tieToOwner: 'parent-death-signal',
        processTable: 'procfs',
        privateFiles: 'posix-modes',
      });
    }
  });

  it.each([
    ['darwin', 'arm64', 'chromadb-js-bindings-darwin-arm64', 'posix-modes'],
    ['darwin', 'x64', 'chromadb-js-bindings-darwin-x64', 'posix-modes'],
    ['win32', 'x64', 'chromadb-js-bindings-win32-x64-msvc', 'profile-acl'],
  ] as const)(
    'runs %s-%s servers on a loopback port with a watchdog (%s; files: %s)',
    (platform, arch, bindingPackage, privateFiles) => {
      expect(chromaPlatform({ platform, arch })).toEqual({
        bindingPackage,
        privacy: 'loopback-port',
        tieToOwner: 'watchdog',
        processTable: 'liveness-only',
        privateFiles,
      });
    },
  );

  it.each([
    ['win32', 'arm64'],
    ['linux', 'ia32'],
    ['freebsd', 'x64'],
  ] as const)('refuses %s-%s with the list of supported platforms', (platform, arch) => {
    expect(() => chromaPlatform({ platform, arch })).toThrow(UnsupportedPlatformError);
    expect(() => chromaPlatform({ platform, arch })).toThrow(SUPPORTED_PLATFORMS.join(', '));
  });

  it('knows this machine', () => {
    expect(SUPPORTED_PLATFORMS).toContain(`${process.platform}-${process.arch}`);
    expect(thisChromaPlatform().bindingPackage).toContain(process.arch);
  });
});

describe('chromaBuild', () => {
  it('uses chromadb’s current build on glibc 2.39 and later', () => {
    for (const glibcVersion of ['2.39', '2.41', '3.0']) {
      expect(chromaBuild({ platform: 'linux', arch: 'x64', glibcVersion })).toEqual({
        packageName: 'chromadb-js-bindings-linux-x64-gnu',
        version: '1.3.4',
        legacy: false,
      });
    }
  });

  it('uses the last build for glibc 2.34 on an older glibc, per CPU', () => {
    expect(chromaBuild({ platform: 'linux', arch: 'x64', glibcVersion: '2.36' })).toEqual({
      packageName: 'chromadb-js-bindings-linux-x64-gnu',
      version: '1.0.5',
      legacy: true,
    });
    expect(chromaBuild({ platform: 'linux', arch: 'arm64', glibcVersion: '2.35' })).toEqual({
      packageName: 'chromadb-js-bindings-linux-arm64-gnu',
      version: '1.0.1',
      legacy: true,
    });
  });

  it('compares glibc versions numerically', () => {
    expect(chromaBuild({ platform: 'linux', arch: 'x64', glibcVersion: '2.100' }).version).toBe('1.3.4');
    expect(chromaBuild({ platform: 'linux', arch: 'x64', glibcVersion: '2.4' }).version).toBe('1.0.5');
  });

  it('refuses Linux without glibc (musl)', () => {
    expect(() => chromaBuild({ platform: 'linux', arch: 'x64' })).toThrow('linux-x64 without glibc');
  });

  it('ignores the C library off Linux', () => {
    expect(chromaBuild({ platform: 'darwin', arch: 'arm64' })).toEqual({
      packageName: 'chromadb-js-bindings-darwin-arm64',
      version: '1.3.4',
      legacy: false,
    });
    expect(chromaBuild({ platform: 'win32', arch: 'x64', glibcVersion: '2.10' })).toMatchObject({
      packageName: 'chromadb-js-bindings-win32-x64-msvc',
      legacy: false,
    });
  });
});
