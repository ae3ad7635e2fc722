import { formatStartupReport, startupChecks } from './startup-report';

const samples = {
  initialize: [120, 90, 100],
  toolsListOnTheWire: [125, 92, 300],
  toolsList: [130, 95, 600],
  firstRecall: [900, 1_600, 1_700],
};

describe('startup report', () => {
  it('judges the targets on the median of the runs', () => {
    expect(startupChecks(samples)).toEqual([
      { name: 'toolsList', medianMs: 130, targetMs: 300, pass: true },
      { name: 'firstRecall', medianMs: 1_600, targetMs: 1_000, pass: false },
    ]);
  });

  it('prints min, median and max per step with the verdict', () => {
    const text = formatStartupReport({ command: 'kioku mcp', node: 'v20.20.2', runs: 3, samples });
    expect(text).toContain('3 runs of `kioku mcp`');
    expect(text).toMatch(/spawn → tools\/list \(SDK client done\)\s+95\.0\s+130\.0\s+600\.0\s+≤ 300 PASS/);
    expect(text).toMatch(/spawn → tools\/list answer arrives\s+92\.0\s+125\.0\s+300\.0$/m);
    expect(text).toMatch(/spawn → first recall\s+900\.0\s+1600\.0\s+1700\.0\s+≤ 1000 MISS/);
    expect(text).toMatch(/spawn → initialize\s+90\.0\s+100\.0\s+120\.0$/m);
  });
});
