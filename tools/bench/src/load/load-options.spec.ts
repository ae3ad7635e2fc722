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
      rate: undefined,
      findRate: false,
      help: false,
    });
  });

  it('reads an open loop: a rate in requests/s or as a share of the embed rate, its duration, find-rate', () => {
    expect(parseLoadArgs(['--rate', '45.5', '--duration', '10'])).toMatchObject({
      rate: { perSecond: 45.5 },
      durationSeconds: 10,
    });
    expect(parseLoadArgs(['--rate', '0.6x'])).toMatchObject({
      rate: { embedShare: 0.6 },
      durationSeconds: 20,
    });
    expect(parseLoadArgs(['--find-rate', '--transport', 'rest'])).toMatchObject({
      findRate: true,
      rate: undefined,
      transports: ['rest'],
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
    [['--url', 'http://localhost:1', '--key', 'a=b', '--bin', 'x'], '--bin starts a gateway'],
    [['--url', 'http://[::1]:8787', '--key', 'nonamespace'], '--key needs NAMESPACE=TOKEN'],
    [['--requests'], '--requests needs a value'],
    [['--fast'], 'unknown option "--fast"'],
    [['--rate', 'fast'], '--rate needs requests/s > 0'],
    [['--rate', '0x'], '--rate needs requests/s > 0'],
    [['--rate', '10', '--find-rate'], '--rate and --find-rate exclude each other'],
    [['--rate', '10', '--requests', '5'], '--requests is for the closed loop'],
    [['--duration', '10'], '--duration goes with --rate or --find-rate'],
    [['--find-rate', '--duration', '-1'], '--duration needs a number of seconds > 0'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLoadArgs(argv)).toThrow(BenchUsageError);
    expect(() => parseLoadArgs(argv)).toThrow(message);
  });
});
