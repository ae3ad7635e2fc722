import { chromaServerEnvironment } from './chroma-server-environment';

describe('chromaServerEnvironment', () => {
  const parent = {
    PATH: '/usr/bin',
    HOME: '/home/kioku',
    LANG: 'C.UTF-8',
    RUST_LOG: 'warn',
    CHROMA_SERVER_NOFILE: '4096',
    KIOKU_QDRANT_API_KEY: 'qdrant-secret',
    AWS_SECRET_ACCESS_KEY: 'aws-secret',
  };

  it("passes what a process needs and Chroma's own variables, and no credential", () => {
    expect(chromaServerEnvironment(parent)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/kioku',
      LANG: 'C.UTF-8',
      RUST_LOG: 'warn',
      CHROMA_SERVER_NOFILE: '4096',
    });
  });

  it('adds the socket an isolated server is reached through', () => {
    expect(chromaServerEnvironment({ PATH: '/bin' }, '/run/kioku/chroma.sock')).toEqual({
      PATH: '/bin',
      KIOKU_CHROMA_SOCKET: '/run/kioku/chroma.sock',
    });
  });
});
