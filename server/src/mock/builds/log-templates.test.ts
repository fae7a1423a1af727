import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { loadSeedData } from '../fixtures.js';
import { planBuildLog, renderLines } from './log-templates.js';

const vars = (slots: number) => ({
  project: 'P',
  buildId: 'b1',
  date: new Date(0),
  config: { hardware: 'mk-lab', slots, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false },
});

describe('renderLines', () => {
  it('repeats an {{#each slot}} block once per slot of the configuration', () => {
    const template = ['before', '{{#each slot}}', 'slot {{slot}} of {{slots}}', '{{/each}}', 'after'];
    expect(renderLines(template, vars(2), [])).toEqual(['before', 'slot 1 of 2', 'slot 2 of 2', 'after']);
  });

  it("the fixture logs never name a slot the configuration's hardware does not have", async () => {
    const seed = await loadSeedData(path.join(REPO_ROOT, 'fixtures'));
    for (const slots of [2, 4, 8]) {
      const log = planBuildLog(seed.stageLogs, vars(slots), ['top.vhd'])
        .flatMap((s) => s.lines)
        .join('\n');
      const named = [...log.matchAll(/slot (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(named.map(([slot]) => slot)).toEqual(Array.from({ length: slots }, (_, i) => i + 1));
      expect(named.every(([, of]) => of === slots)).toBe(true);
      expect(log).not.toMatch(/\{\{|\}\}/);
    }
  });
});
