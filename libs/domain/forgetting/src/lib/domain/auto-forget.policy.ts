/**
 * The auto-forget policy (behaviour §7, design note 004): heat from access and recency, risk from heat,
 * importance and age, and the resulting action. Pure functions; protected memories never move.
 */
export type ForgetAction = 'keep' | 'compress' | 'drop';

const COMPRESS_RISK = 50;
const DROP_RISK = 200;
const DAY_MS = 86_400_000;

export interface PolicyInput {
  importance: number;
  accessCount: number;
  createdAt: string;
  lastAccessedAt: string | null;
  category: string;
}

export interface PolicyVerdict {
  action: ForgetAction;
  risk: number;
  heat: number;
  /** Days since the last access, or since creation when never accessed. */
  days: number;
  protected: boolean;
}

/** Importance 5 (pinned) or a protected category. */
export function isProtected(
  memory: Pick<PolicyInput, 'importance' | 'category'>,
  protectedCategories: readonly string[],
): boolean {
  return memory.importance >= 5 || protectedCategories.includes(memory.category);
}

function daysSinceLastTouch(memory: Pick<PolicyInput, 'createdAt' | 'lastAccessedAt'>, now: Date): number {
  const created = Date.parse(memory.createdAt);
  const accessed = memory.lastAccessedAt ? Date.parse(memory.lastAccessedAt) : NaN;
  const last = Number.isNaN(accessed) ? created : Math.max(created, accessed);
  return Math.max(0, (now.getTime() - last) / DAY_MS);
}

export function heat(memory: Pick<PolicyInput, 'importance' | 'accessCount'>, days: number): number {
  const imp = (memory.importance - 1) / 4;
  const accesses30d = days <= 30 ? memory.accessCount : 0;
  const accesses90d = days <= 90 ? memory.accessCount : 0;
  const recency = days <= 7 ? 20 : days <= 30 ? 10 : days <= 90 ? 0 : -10;
  const raw =
    Math.min(accesses30d * 3, 30) +
    Math.min(accesses90d, 20) +
    recency +
    Math.min(memory.accessCount * 0.5, 15) +
    imp * 15;
  return Math.min(100, Math.max(0, raw));
}

export function risk(importance: number, heatScore: number, days: number, protectedMemory: boolean): number {
  if (protectedMemory) return 0;
  const imp = (importance - 1) / 4;
  return (1 - heatScore / 100) * (1 - imp) * days * (1 + days / 30);
}

export function actionFor(riskScore: number): ForgetAction {
  return riskScore >= DROP_RISK ? 'drop' : riskScore >= COMPRESS_RISK ? 'compress' : 'keep';
}

export function evaluate(
  memory: PolicyInput,
  now: Date,
  protectedCategories: readonly string[],
): PolicyVerdict {
  const days = daysSinceLastTouch(memory, now);
  const protectedMemory = isProtected(memory, protectedCategories);
  const heatScore = heat(memory, days);
  const riskScore = risk(memory.importance, heatScore, days, protectedMemory);
  return {
    action: protectedMemory ? 'keep' : actionFor(riskScore),
    risk: riskScore,
    heat: heatScore,
    days,
    protected: protectedMemory,
  };
}
