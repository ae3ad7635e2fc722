/**
 * The worker's settings on top of the shared configuration (behaviour §8.3): the namespaces it maintains,
 * each job's cron schedule (an empty value disables the schedule; `--once` still runs the job), the
 * auto-forget mode and the consolidation window. Also reads the command line:
 * `--once <job> [--namespace <ns>]`.
 */
import { join, resolve } from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import {
  ConfigError,
  loadConfig,
  parseConfig,
  parseWith,
  type EnvSource,
  type KiokuConfig,
} from '@kioku/config';
import { NAMESPACE_PATTERN } from '@kioku/namespace-storage';

export const JOB_NAMES = [
  'consolidate',
  'auto-forget',
  'purge-trash',
  'integrity',
  'reembed',
  'backup',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

const AUTO_FORGET_MODES = ['report', 'execute'] as const;
export type AutoForgetMode = (typeof AUTO_FORGET_MODES)[number];

/** The variable that holds each job's schedule, and its default (empty: on demand only). */
export const SCHEDULE_VARIABLES = {
  consolidate: ['KIOKU_WORKER_CONSOLIDATE_CRON', '0 */6 * * *'],
  'auto-forget': ['KIOKU_WORKER_AUTO_FORGET_CRON', '30 3 * * *'],
  'purge-trash': ['KIOKU_WORKER_PURGE_CRON', '0 4 * * *'],
  integrity: ['KIOKU_WORKER_INTEGRITY_CRON', '30 4 * * *'],
  reembed: ['KIOKU_WORKER_REEMBED_CRON', ''],
  backup: ['KIOKU_WORKER_BACKUP_CRON', '0 2 * * *'],
} as const satisfies Record<JobName, readonly [string, string]>;

/** A cron expression (5 fields, or 6 with seconds first), or empty to disable; unset → the default. */
function schedule(defaultValue: string) {
  return z
    .string()
    .trim()
    .default(defaultValue)
    .superRefine((value, context) => {
      const problem = value === '' ? undefined : cronProblem(value);
      if (problem)
        context.addIssue({
          code: 'custom',
          message:
            `not a valid cron expression (${problem}); use "minute hour day month weekday", ` +
            `e.g. "0 */6 * * *", or an empty value to disable the job's schedule`,
        });
    })
    .transform((value) => (value === '' ? null : value));
}

const workerEnvSchema = z.object({
  KIOKU_WORKER_NAMESPACES: z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((ns) => ns.trim())
          .filter(Boolean),
      ),
    ])
    .refine(
      (namespaces) => namespaces.every((ns) => NAMESPACE_PATTERN.test(ns)),
      'must be a comma-separated list of namespaces (1-63 characters of a-z, 0-9, _ or -, each)',
    ),
  KIOKU_WORKER_CONSOLIDATE_CRON: schedule(SCHEDULE_VARIABLES.consolidate[1]),
  KIOKU_WORKER_AUTO_FORGET_CRON: schedule(SCHEDULE_VARIABLES['auto-forget'][1]),
  KIOKU_WORKER_PURGE_CRON: schedule(SCHEDULE_VARIABLES['purge-trash'][1]),
  KIOKU_WORKER_INTEGRITY_CRON: schedule(SCHEDULE_VARIABLES.integrity[1]),
  KIOKU_WORKER_REEMBED_CRON: schedule(SCHEDULE_VARIABLES.reembed[1]),
  KIOKU_WORKER_BACKUP_CRON: schedule(SCHEDULE_VARIABLES.backup[1]),
  KIOKU_BACKUP_DIR: z.string().trim().min(1).optional(),
  KIOKU_BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number of backups' })
    .int('must be a whole number of backups')
    .min(1, 'must keep at least 1 backup')
    .max(1000, 'must be at most 1000')
    .default(7),
  KIOKU_BACKUP_INCLUDE_PRIVATE: z.stringbool().default(false),
  KIOKU_BACKUP_WITH_VECTORS: z.stringbool().default(true),
  KIOKU_WORKER_AUTO_FORGET_MODE: z.enum(AUTO_FORGET_MODES).default('report'),
  KIOKU_WORKER_CONSOLIDATE_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  KIOKU_WORKER_REEMBED_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  KIOKU_WORKER_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1 second')
    .max(3600, 'must be at most 3600 seconds')
    .default(60),
  KIOKU_WORKER_TIMEZONE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isTimeZone(v), 'must be an IANA time zone, e.g. UTC or Europe/Berlin'),
});

/** Where the backup job writes, how many it keeps, and what goes in (behaviour §8.3). */
export interface BackupSettings {
  dir: string;
  keep: number;
  includePrivate: boolean;
  withVectors: boolean;
}

interface WorkerSettings {
  /** The namespaces every job runs for, in order. */
  namespaces: string[];
  /** Each job's cron expression, or null when it only runs on demand (`--once`). */
  schedules: Record<JobName, string | null>;
  /** The time zone of the schedules; default: the system's. */
  timezone?: string;
  autoForgetMode: AutoForgetMode;
  consolidateWindowHours: number;
  reembedBatchSize?: number;
  /** `<dataDir>/worker-reports`: one `<job>.jsonl` file per job. */
  reportsDir: string;
  /**
   * `<dataDir>/worker-locks`: one `<job>.<namespace>.lock` file per running job and namespace, used
   * when no shared state spans processes (KIOKU_SHARED_STATE=memory or the memory vector store).
   */
  locksDir: string;
  /**
   * How long a job's lease on the store lasts without renewal (the holder renews it every third of
   * that): how long a dead worker's job stays blocked before another worker takes it over.
   */
  leaseMs: number;
  /** The backup job's folder (`<dataDir>/backups` by default), rotation and contents. */
  backup: BackupSettings;
}

export interface WorkerConfig extends KiokuConfig {
  worker: WorkerSettings;
}

/** What the command line asks for: one job run (`--once`) or the schedule, optionally one namespace. */
export interface WorkerCommand {
  once?: JobName;
  namespace?: string;
}

/** Reads the environment (and KIOKU_CONFIG_FILE for the shared variables); `--namespace` narrows the list. */
export function loadWorkerConfig(command: WorkerCommand = {}, env: EnvSource = process.env): WorkerConfig {
  return withWorkerSettings(loadConfig(env), env, command);
}

/** The same from an explicit environment only (tests). */
export function parseWorkerConfig(env: EnvSource, command: WorkerCommand = {}): WorkerConfig {
  return withWorkerSettings(parseConfig(env), env, command);
}

export function parseWorkerArgs(argv: string[]): WorkerCommand {
  const command: WorkerCommand = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--once') {
      if (!isJobName(value))
        throw new ConfigError([
          `--once: expects a job name, one of ${JOB_NAMES.join(', ')}` +
            (value === undefined ? '' : ` (got "${value}")`),
        ]);
      command.once = value;
      i++;
    } else if (flag === '--namespace') {
      if (value === undefined || !NAMESPACE_PATTERN.test(value))
        throw new ConfigError([
          '--namespace: expects a namespace (1-63 characters of a-z, 0-9, _ or -)' +
            (value === undefined ? '' : ` (got "${value}")`),
        ]);
      command.namespace = value;
      i++;
    } else {
      throw new ConfigError([
        `unknown argument "${flag}"; usage: kioku worker [--once <job>] [--namespace <ns>]`,
      ]);
    }
  }
  return command;
}

function isJobName(value: unknown): value is JobName {
  return typeof value === 'string' && (JOB_NAMES as readonly string[]).includes(value);
}

function withWorkerSettings(base: KiokuConfig, env: EnvSource, command: WorkerCommand): WorkerConfig {
  const parsed = parseWith(workerEnvSchema, env);
  const configured = parsed.KIOKU_WORKER_NAMESPACES;
  const namespaces = command.namespace
    ? [command.namespace]
    : configured.length > 0
      ? configured
      : [base.namespace];
  return {
    ...base,
    worker: {
      namespaces,
      schedules: {
        consolidate: parsed.KIOKU_WORKER_CONSOLIDATE_CRON,
        'auto-forget': parsed.KIOKU_WORKER_AUTO_FORGET_CRON,
        'purge-trash': parsed.KIOKU_WORKER_PURGE_CRON,
        integrity: parsed.KIOKU_WORKER_INTEGRITY_CRON,
        reembed: parsed.KIOKU_WORKER_REEMBED_CRON,
        backup: parsed.KIOKU_WORKER_BACKUP_CRON,
      },
      timezone: parsed.KIOKU_WORKER_TIMEZONE,
      autoForgetMode: parsed.KIOKU_WORKER_AUTO_FORGET_MODE,
      consolidateWindowHours: parsed.KIOKU_WORKER_CONSOLIDATE_WINDOW_HOURS,
      reembedBatchSize: parsed.KIOKU_WORKER_REEMBED_BATCH_SIZE,
      reportsDir: join(base.dataDir, 'worker-reports'),
      locksDir: join(base.dataDir, 'worker-locks'),
      leaseMs: parsed.KIOKU_WORKER_LEASE_SECONDS * 1000,
      backup: {
        dir: resolve(parsed.KIOKU_BACKUP_DIR ?? join(base.dataDir, 'backups')),
        keep: parsed.KIOKU_BACKUP_KEEP,
        includePrivate: parsed.KIOKU_BACKUP_INCLUDE_PRIVATE,
        withVectors: parsed.KIOKU_BACKUP_WITH_VECTORS,
      },
    },
  };
}

/** Croner's reason for refusing the expression, or undefined when it is valid. */
function cronProblem(expression: string): string | undefined {
  try {
    new Cron(expression, { paused: true, mode: '5-or-6-parts' }).stop();
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.replace(/^CronPattern: /, '');
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
