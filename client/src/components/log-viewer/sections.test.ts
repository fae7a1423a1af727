import { describe, expect, it } from 'vitest';
import { buildSections, findStageMarkers, RowModel, sectionOfLine, stageNameOf } from './sections';

const log = [
  'Build 1234567 queued', // 0
  '=== IP ===', // 1
  'generating clock wizard', // 2
  '=== SYNTHESIS ===', // 3
  'INFO: synth_design', // 4
  'WARNING: [Synth 8-3331] unconnected port', // 5
  '\u001b[1m=== ROUTE ===\u001b[0m', // 6
  'route_design', // 7
  '=== BITSTREAM ===', // 8
];

describe('stageNameOf', () => {
  it('reads marker lines, also when coloured', () => {
    expect(stageNameOf('=== SYNTHESIS ===')).toBe('SYNTHESIS');
    expect(stageNameOf('  ====  Place and Route  ====')).toBe('Place and Route');
    expect(stageNameOf('\u001b[36m=== IP ===\u001b[0m')).toBe('IP');
  });

  it("reads the build service's `==> Stage: NAME` headers", () => {
    expect(stageNameOf('==> Stage: SYNTHESIS')).toBe('SYNTHESIS');
    expect(stageNameOf('\u001b[1m==> Stage: ROUTE\u001b[0m')).toBe('ROUTE');
    for (const line of ['==> Stage:', '==> Stage: 1', 'x ==> Stage: IP', '==> building'])
      expect(stageNameOf(line), line).toBeNull();
  });

  it('ignores rules and ordinary lines', () => {
    for (const line of ['=====', '== TWO ==', 'x === SYNTHESIS ===', '=== 123 ===', 'INFO: x', '']) {
      expect(stageNameOf(line), line).toBeNull();
    }
  });
});

describe('findStageMarkers / buildSections', () => {
  it('finds markers with 1-based line numbers and scans only the range asked', () => {
    expect(findStageMarkers(log).map((m) => `${m.name}@${m.line}`)).toEqual([
      'IP@2',
      'SYNTHESIS@4',
      'ROUTE@7',
      'BITSTREAM@9',
    ]);
    expect(findStageMarkers(log, 4).map((m) => m.name)).toEqual(['ROUTE', 'BITSTREAM']);
  });

  it('builds sections that end where the next begins, the last at the end of the log', () => {
    expect(buildSections(findStageMarkers(log), log.length)).toEqual([
      { name: 'IP', headerIndex: 1, start: 2, end: 3 },
      { name: 'SYNTHESIS', headerIndex: 3, start: 4, end: 6 },
      { name: 'ROUTE', headerIndex: 6, start: 7, end: 8 },
      { name: 'BITSTREAM', headerIndex: 8, start: 9, end: 9 },
    ]);
  });

  it('sorts given markers, drops duplicates and those past the end', () => {
    const sections = buildSections(
      [
        { name: 'B', line: 5 },
        { name: 'A', line: 2 },
        { name: 'A again', line: 2 },
        { name: 'Z', line: 99 },
      ],
      10,
    );
    expect(sections.map((s) => [s.name, s.start, s.end])).toEqual([
      ['A', 2, 4],
      ['B', 5, 10],
    ]);
  });
});

describe('RowModel', () => {
  const sections = buildSections(findStageMarkers(log), log.length);

  it('maps rows to lines one to one when nothing is collapsed', () => {
    const model = new RowModel(log.length, sections, new Set());
    expect(model.rowCount).toBe(log.length);
    expect(model.rowAt(0)).toEqual({ kind: 'line', index: 0, section: -1 });
    expect(model.rowAt(3)).toEqual({ kind: 'header', index: 3, section: 1 });
    expect(model.rowAt(5)).toEqual({ kind: 'line', index: 5, section: 1 });
    for (let i = 0; i < log.length; i++) expect(model.rowOfLine(i)).toBe(i);
  });

  it('hides a collapsed body and maps its lines to the header row', () => {
    const model = new RowModel(log.length, sections, new Set([3]));
    expect(model.rowCount).toBe(log.length - 2);
    expect(model.rowAt(3)).toEqual({ kind: 'header', index: 3, section: 1 });
    expect(model.rowAt(4)).toEqual({ kind: 'header', index: 6, section: 2 });
    expect(model.rowOfLine(5)).toBe(3);
    expect(model.rowOfLine(7)).toBe(5);
  });

  it('handles a log without sections and an empty log', () => {
    const plain = new RowModel(1_000_000, [], new Set());
    expect(plain.rowCount).toBe(1_000_000);
    expect(plain.rowAt(999_999)).toEqual({ kind: 'line', index: 999_999, section: -1 });
    expect(new RowModel(0, [], new Set()).rowCount).toBe(0);
  });
});

describe('sectionOfLine', () => {
  const sections = buildSections(findStageMarkers(log), log.length);
  it('finds the section of a line, -1 before the first', () => {
    expect(sectionOfLine(sections, 0)).toBe(-1);
    expect(sectionOfLine(sections, 1)).toBe(0);
    expect(sectionOfLine(sections, 5)).toBe(1);
    expect(sectionOfLine(sections, 8)).toBe(3);
    expect(sectionOfLine([], 8)).toBe(-1);
  });
});
