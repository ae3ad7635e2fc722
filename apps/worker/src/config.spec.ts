import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseWorkerArgs, parseWorkerConfig } from './config';

describe('worker configuration', () => {
  it('defaults: the configured namespace, every job scheduled but reembed, report mode, 24 h window', () => {
    const config = parseWorkerConfig({ KIOKU_NAMESPACE: 'agent-1' });
    expect(config.namespace).toBe('agent-1');
    expect(config.worker).toEqual({
      namespaces: ['agent-1'],
      schedules: {
        consolidate: '0 */6 * * *',
        'auto-forget': '30 3 * * *',
        'purge-trash': '0 4 * * *',
        integrity: '30 4 * * *',
        reembed: null,
        backup: '0 2 * * *',
      },
      timezone: undefined,
      autoForgetMode: 'report',
      consolidateWindowHours: 24,
      reembedBatchSize: undefined,
      reportsDir: join(homedir(), '.kioku', 'worker-reports'),
      locksDir: join(homedir(), '.kioku', 'worker-locks'),
      leaseMs: 60_000,
      backup: {
        dir: join(homedir(), '.kioku', 'backups'),
        keep: 7,
        includePrivate: false,
        withVectors: true,
      },
    });
  });

  it('reads every variable; an empty cron disables a schedule', () => {
    const config = parseWorkerConfig({
      KIOKU_DATA_DIR: '/tmp/kioku-worker-config',
      KIOKU_WORKER_NAMESPACES: ' alpha, beta ,,alpha',
      KIOKU_WORKER_CONSOLIDATE_CRON: '*/30 * * * *',
      KIOKU_WORKER_AUTO_FORGET_CRON: '',
      KIOKU_WORKER_AUTO_FORGET_MODE: 'execute',
      KIOKU_WORKER_PURGE_CRON: '15 2 * * 0',
      KIOKU_WORKER_INTEGRITY_CRON: '  ',
      KIOKU_WORKER_REEMBED_CRON: '0 0 1 * *',
      KIOKU_WORKER_CONSOLIDATE_WINDOW_HOURS: '12',
      KIOKU_WORKER_REEMBED_BATCH_SIZE: '64',
      KIOKU_WORKER_TIMEZONE: 'Europe/Berlin',
      KIOKU_WORKER_LEASE_SECONDS: '2.5',
      KIOKU_WORKER_BACKUP_CRON: '0 1 * * 6',
      KIOKU_BACKUP_DIR: '/var/backups/kioku',
      KIOKU_BACKUP_KEEP: '30',
      KIOKU_BACKUP_INCLUDE_PRIVATE: 'true',
      KIOKU_BACKUP_WITH_VECTORS: 'false',
    });
    expect(config.worker).toEqual({
      namespaces: ['alpha', 'beta'],
      schedules: {
        consolidate: '*/30 * * * *',
        'auto-forget': null,
        'purge-trash': '15 2 * * 0',
        integrity: null,
        reembed: '0 0 1 * *',
        backup: '0 1 * * 6',
      },
      timezone: 'Europe/Berlin',
      autoForgetMode: 'execute',
      consolidateWindowHours: 12,
      reembedBatchSize: 64,
      reportsDir: '/tmp/kioku-worker-config/worker-reports',
      locksDir: '/tmp/kioku-worker-config/worker-locks',
      leaseMs: 2_500,
      backup: { dir: '/var/backups/kioku', keep: 30, includePrivate: true, withVectors: false },
    });
  });

  it('accepts six fields (seconds first) and nicknames', () => {
    const config = parseWorkerConfig({
      KIOKU_WORKER_CONSOLIDATE_CRON: '*/10 * * * * *',
      KIOKU_WORKER_INTEGRITY_CRON: '@daily',
    });
    expect(config.worker.schedules.consolidate).toBe('*/10 * * * * *');
    expect(config.worker.schedules.integrity).toBe('@daily');
  });

  it.each([
    [
      { KIOKU_WORKER_CONSOLIDATE_CRON: '61 * * * *' },
      /KIOKU_WORKER_CONSOLIDATE_CRON: not a valid cron expression \(.*minute.*\).*\(got "61 \* \* \* \*"\)/,
    ],
    [
      { KIOKU_WORKER_AUTO_FORGET_CRON: 'every day' },
      /KIOKU_WORKER_AUTO_FORGET_CRON: not a valid cron expression/,
    ],
    [{ KIOKU_WORKER_PURGE_CRON: '* * *' }, /KIOKU_WORKER_PURGE_CRON: not a valid cron expression/],
    [
      { KIOKU_WORKER_INTEGRITY_CRON: '0 0 0 0 0 0 0 0' },
      /KIOKU_WORKER_INTEGRITY_CRON: not a valid cron expression/,
    ],
    [{ KIOKU_WORKER_AUTO_FORGET_MODE: 'delete' }, /KIOKU_WORKER_AUTO_FORGET_MODE: .*\(got "delete"\)/],
    [{ KIOKU_WORKER_NAMESPACES: 'ok,Not OK' }, /KIOKU_WORKER_NAMESPACES: must be a comma-separated list/],
    [{ KIOKU_WORKER_CONSOLIDATE_WINDOW_HOURS: '0' }, /KIOKU_WORKER_CONSOLIDATE_WINDOW_HOURS/],
    [{ KIOKU_WORKER_REEMBED_BATCH_SIZE: 'lots' }, /KIOKU_WORKER_REEMBED_BATCH_SIZE/],
    [{ KIOKU_WORKER_TIMEZONE: 'Mars/Olympus' }, /KIOKU_WORKER_TIMEZONE: must be an IANA time zone/],
    [{ KIOKU_WORKER_LEASE_SECONDS: '0.5' }, /KIOKU_WORKER_LEASE_SECONDS: must be at least 1 second/],
    [{ KIOKU_WORKER_LEASE_SECONDS: 'soon' }, /KIOKU_WORKER_LEASE_SECONDS: must be a number of seconds/],
    [{ KIOKU_BACKUP_KEEP: '0' }, /KIOKU_BACKUP_KEEP: must keep at least 1 backup/],
    [{ KIOKU_BACKUP_KEEP: '2.5' }, /KIOKU_BACKUP_KEEP: must be a whole number of backups/],
    [{ KIOKU_BACKUP_INCLUDE_PRIVATE: 'maybe' }, /KIOKU_BACKUP_INCLUDE_PRIVATE/],
  ])('refuses %j with one line naming the variable', (env, message) => {
    let thrown: unknown;
    try {
      parseWorkerConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'CONFIG_INVALID' });
    const text = (thrown as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('reports every invalid cron at once, still on one line', () => {
    expect(() =>
      parseWorkerConfig({ KIOKU_WORKER_CONSOLIDATE_CRON: 'x', KIOKU_WORKER_PURGE_CRON: 'y' }),
    ).toThrow(/KIOKU_WORKER_CONSOLIDATE_CRON: .*; KIOKU_WORKER_PURGE_CRON: /);
  });

  describe('command line', () => {
    it('reads --once and --namespace; --namespace narrows the namespaces', () => {
      const command = parseWorkerArgs(['--once', 'auto-forget', '--namespace', 'beta']);
      expect(command).toEqual({ once: 'auto-forget', namespace: 'beta' });
      expect(parseWorkerConfig({ KIOKU_WORKER_NAMESPACES: 'alpha,beta' }, command).worker.namespaces).toEqual(
        ['beta'],
      );
      expect(parseWorkerArgs([])).toEqual({});
    });

    it.each([
      [
        ['--once'],
        /--once: expects a job name, one of consolidate, auto-forget, purge-trash, integrity, reembed/,
      ],
      [['--once', 'vacuum'], /--once: .*\(got "vacuum"\)/],
      [['--namespace', '../x'], /--namespace: expects a namespace/],
      [['--verbose'], /unknown argument "--verbose"; usage: kioku worker/],
    ])('refuses %j', (argv, message) => {
      expect(() => parseWorkerArgs(argv)).toThrow(message);
    });
  });
});
