/**
 * The rankings the retrieval benchmark compares: kioku's own (the configured settings, exactly what
 * users get) and ablations that switch one part off (or, for a stage that is off by default, on), so
 * that every stage shows what it does to evidence recall. The dense weight is also moved both ways
 * from the configured one, so a run against another embedding model shows which weight suits it.
 */
import { DEFAULT_MEMORY_SETTINGS, type MemorySettings } from '@kioku/memory';

export interface RankingVariant {
  name: string;
  /** Changes to the configured settings; empty for kioku's own ranking. */
  overrides: Partial<MemorySettings>;
}

const NO_LATER_STAGES: Partial<MemorySettings> = {
  contiguity: 0,
  chains: 0,
  labelKey: 0,
  timeKey: 0,
  feedback: 0,
  diversity: 0,
  scoring: false,
  hopfield: false,
  spreading: false,
  coverage: false,
};

/** Weights a stage that is off is measured at: the default where it is on by default. */
const ON: Record<SwitchedStage, number> = {
  labelKey: DEFAULT_MEMORY_SETTINGS.labelKey,
  timeKey: DEFAULT_MEMORY_SETTINGS.timeKey,
  chains: DEFAULT_MEMORY_SETTINGS.chains,
  feedback: 0.3,
  diversity: 0.3,
};
const DENSE_WEIGHT_STEP = 0.2;

export const KIOKU_RANKING: RankingVariant = { name: 'kioku (as configured)', overrides: {} };

type SwitchedStage = 'labelKey' | 'timeKey' | 'chains' | 'feedback' | 'diversity';

/** A stage that is on is measured off; one that is off is measured on. */
function toggled(name: string, stage: SwitchedStage, settings: MemorySettings): RankingVariant {
  return settings[stage] > 0
    ? { name: `without ${name}`, overrides: { [stage]: 0 } }
    : { name: `with ${name}`, overrides: { [stage]: ON[stage] } };
}

export function ablationsFor(settings: MemorySettings): RankingVariant[] {
  const dense = settings.denseWeight;
  const round = (w: number) => Math.round(Math.min(1, Math.max(0, w)) * 10) / 10;
  return [
    { name: 'lexical only (BM25)', overrides: { ...NO_LATER_STAGES, denseWeight: 0 } },
    { name: 'dense only', overrides: { ...NO_LATER_STAGES, denseWeight: 1 } },
    { name: 'fusion, no later stage', overrides: NO_LATER_STAGES },
    ...[round(dense - DENSE_WEIGHT_STEP), round(dense + DENSE_WEIGHT_STEP)]
      .filter((w) => w !== dense)
      .map((w) => ({ name: `dense weight ${w}`, overrides: { denseWeight: w } })),
    {
      name: settings.coverage ? 'without coverage' : 'with coverage',
      overrides: { coverage: !settings.coverage },
    },
    { name: 'without contiguity', overrides: { contiguity: 0 } },
    toggled('label key', 'labelKey', settings),
    toggled('time key', 'timeKey', settings),
    toggled('evidence chains', 'chains', settings),
    toggled('feedback', 'feedback', settings),
    toggled('diversity', 'diversity', settings),
    { name: 'without scoring', overrides: { scoring: false } },
    { name: 'without spreading', overrides: { spreading: false } },
    {
      name: settings.hopfield ? 'without Hopfield' : 'with Hopfield',
      overrides: { hopfield: !settings.hopfield },
    },
  ];
}
