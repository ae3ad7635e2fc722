/**
 * `--find-rate`: the highest arrival rate at which recall stays interactive (p95 ≤ 300 ms) and nothing
 * fails. From a first rate it doubles while runs pass and halves while they fail, then bisects between
 * the highest rate that passed and the lowest that failed until they are within `precision` of each
 * other (or the trials run out). Pure: the caller runs each trial.
 */
export interface RateTrial {
  rate: number;
  pass: boolean;
}

export class RateSearch {
  private highestPass?: number;
  private lowestFail?: number;
  private readonly trials: RateTrial[] = [];

  constructor(
    private readonly firstRate: number,
    private readonly maxTrials = 8,
    /** Stop when lowest fail ÷ highest pass ≤ 1 + precision. */
    private readonly precision = 0.1,
    /** Below this rate a failing run ends the search (nothing passes). */
    private readonly lowestRate = 0.5,
  ) {}

  /** The next rate to try, or undefined when the search is over. */
  next(): number | undefined {
    if (this.trials.length === 0) return this.firstRate;
    if (this.trials.length >= this.maxTrials) return undefined;
    const { highestPass: pass, lowestFail: fail } = this;
    if (pass !== undefined && fail !== undefined) {
      return fail / pass <= 1 + this.precision ? undefined : (pass + fail) / 2;
    }
    if (pass !== undefined) return pass * 2;
    const lower = fail! / 2;
    return lower < this.lowestRate ? undefined : lower;
  }

  record(rate: number, pass: boolean): void {
    this.trials.push({ rate, pass });
    if (pass && !(this.highestPass !== undefined && this.highestPass >= rate)) this.highestPass = rate;
    if (!pass && !(this.lowestFail !== undefined && this.lowestFail <= rate)) this.lowestFail = rate;
  }

  /** The highest rate that passed, if any did. */
  get found(): number | undefined {
    return this.highestPass;
  }
}
