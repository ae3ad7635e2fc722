import { childEnvironment } from './child-environment';

describe('childEnvironment', () => {
  it("passes what a process needs and Chroma's own variables, and no credential", () => {
    expect(
      childEnvironment({
        PATH: '/usr/bin',
        HOME: '/home/kioku',
        LANG: 'C.UTF-8',
        RUST_LOG: 'warn',
        CHROMA_SERVER_NOFILE: '4096',
        KIOKU_QDRANT_API_KEY: 'qdrant-secret',
        AWS_SECRET_ACCESS_KEY: 'aws-secret',
        TZ: undefined,
      }),
    ).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/kioku',
      LANG: 'C.UTF-8',
      RUST_LOG: 'warn',
      CHROMA_SERVER_NOFILE: '4096',
    });
  });
});
