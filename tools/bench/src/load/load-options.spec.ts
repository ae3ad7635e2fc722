import { BenchUsageError } from '../lib/command-args';
import { parseLoadArgs } from './load-options';

describe('parseLoadArgs', () => {
  it('defaults to the issue load: 50 clients, 20 requests, a quarter remembers, REST then MCP, a started gateway', () => {
    expect(parseLoadArgs([])).toMatchObject({
      clients: 50,
      requests: 20,
      rememberShare: 0.25,
      transports: ['rest', 'mcp'],
      namespaces: 3,
      keysPerNamespace: 2,
      keys: [],
      help: false,
    });
  });

  it('reads a given gateway with its keys and the other options', () => {
    const options = parseLoadArgs([
      '--url',
      'http://127.0.0.1:8787/',
      '--key',
      'team-a=kk_abc=def',
      '--key',
      'team-b=kk_xyz',
      '--clients',
      '8',
      '--requests',
      '3',
      '--remember-share',
      '0.5',
      '--transport',
      'mcp',
      '--embed-rate',
      '120',
      '--json',
      'load.json',
    ]);
    expect(options).toMatchObject({
      url: 'http://127.0.0.1:8787',
      keys: [
        { namespace: 'team-a', token: 'kk_abc=def' },
        { namespace: 'team-b', token: 'kk_xyz' },
      ],
      clients: 8,
      requests: 3,
      rememberShare: 0.5,
      transports: ['mcp'],
      embedRate: 120,
      jsonFile: 'load.json',
    });
  });

  it.each([
    [['--clients', '0'], '--clients needs a whole number'],
    [['--remember-share', '1.5'], '--remember-share needs a share'],
    [['--transport', 'grpc'], '--transport is rest, mcp or both'],
    [['--url', 'http://192.168.1.4:8787', '--key', 'a=b'], 'loopback'],
    [['--url', 'http://localhost:8787'], '--url needs at least one --key'],
    [['--key', 'a=b'], '--key goes with --url'],
    [['--url', 'http://[::1]:8787', '--key', 'nonamespace'], '--key needs NAMESPACE=TOKEN'],
    [['--requests'], '--requests needs a value'],
    [['--fast'], 'unknown option "--fast"'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLoadArgs(argv)).toThrow(BenchUsageError);
    expect(() => parseLoadArgs(argv)).toThrow(message);
  });
});
