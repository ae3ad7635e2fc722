/**
 * `backup`: writes the namespace in the kioku export format (docs/export-format.md), gzipped, to
 * `<KIOKU_BACKUP_DIR>/<namespace>/`, then keeps the newest `KIOKU_BACKUP_KEEP` backups. A backup
 * is restored with `kioku import <file>`. Private memories are in it only with
 * KIOKU_BACKUP_INCLUDE_PRIVATE=true (the file is 0600 in a 0700 folder either way); vectors are in it
 * unless KIOKU_BACKUP_WITH_VECTORS=false, so a restore with the same model embeds nothing.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Clock } from '@kioku/kernel';
import { streamSink, type ExportNamespaceUseCase } from '@kioku/portability';
import { backupFileName, backupFolder, partialName, rotateBackups } from '../backups/backup-files';
import type { BackupSettings } from '../config';
import type { Job, JobOutcome } from './job';

export class BackupJob implements Job {
  readonly name = 'backup';

  constructor(
    private readonly exportNamespace: ExportNamespaceUseCase,
    private readonly settings: BackupSettings,
    private readonly clock: Clock,
  ) {}

  async run(namespace: string): Promise<JobOutcome> {
    const { dir, keep, includePrivate, withVectors } = this.settings;
    const folder = await backupFolder(dir, namespace);
    const fileName = backupFileName(namespace, this.clock.now());
    const partial = join(folder, partialName(fileName, process.pid));
    const text = new PassThrough();
    const written = pipeline(text, createGzip(), createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    try {
      const summary = await this.exportNamespace.execute({
        namespace,
        includePrivate,
        withVectors,
        sink: streamSink(text),
      });
      text.end();
      await written;
      await rename(partial, join(folder, fileName));
      const removed = await rotateBackups(folder, namespace, keep);
      const { size } = await stat(join(folder, fileName));
      return {
        counts: {
          memories: summary.counts.memory,
          links: summary.counts.link,
          episodes: summary.counts.episode,
          trash: summary.counts.trash,
          settings: summary.counts.setting,
          privateOmitted: summary.privateOmitted,
          bytes: size,
          removedBackups: removed.length,
        },
        details: { file: fileName, keep, includePrivate, withVectors },
      };
    } catch (error) {
      text.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
      throw error;
    }
  }
}
