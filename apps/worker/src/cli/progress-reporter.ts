/**
 * Progress of a long command on stderr: a bar redrawn in place (`\r`) on a terminal, otherwise a plain
 * line at most every few seconds (and at the end of each phase), so logs and CI output stay readable.
 * The text never holds record content (ids and counts only).
 */
const LINE_INTERVAL_MS = 2_000;
const BAR_WIDTH = 24;

export class ProgressReporter {
  private lastLine = 0;
  private lastPhase = '';
  private drawn = false;

  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(phase: string, done: number, total?: number): void {
    const count = total === undefined ? `${done}` : `${done}/${total}`;
    if (this.stream.isTTY) {
      const bar = total
        ? `[${'#'.repeat(Math.round((BAR_WIDTH * done) / Math.max(total, 1))).padEnd(BAR_WIDTH, '.')}] `
        : '';
      this.stream.write(`\r${this.label} ${phase}: ${bar}${count}   `);
      this.drawn = true;
      return;
    }
    const now = Date.now();
    const phaseEnded = total !== undefined && done >= total;
    if (phase !== this.lastPhase || phaseEnded || now - this.lastLine >= LINE_INTERVAL_MS) {
      this.stream.write(`${this.label} ${phase}: ${count}\n`);
      this.lastLine = now;
      this.lastPhase = phase;
    }
  }

  /** Ends the bar's line on a terminal. */
  finish(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
