import type { SignalInfo } from './simulation-types.js';

/** Most variables a waveform may declare: a design with more is cut there (said in the log). */
export const MAX_SIGNALS = 4096;

const UNIT_PS: Record<string, number> = { s: 1e12, ms: 1e9, us: 1e6, ns: 1e3, ps: 1, fs: 1e-3 };

export interface VcdHandlers {
  /** The header is read: the signals declared (at most MAX_SIGNALS), and how many were left out. */
  header(signals: SignalInfo[], leftOut: number): void;
  /** A value change of the signal at index `signal` of the header's list, at `time` ps. */
  change(signal: number, time: number, value: string): void;
}

const VAR_TYPES: Record<string, SignalInfo['type']> = {
  wire: 'wire',
  reg: 'reg',
  integer: 'integer',
  real: 'real',
  realtime: 'real',
  logic: 'reg',
  bit: 'reg',
  int: 'integer',
  parameter: 'wire',
  tri: 'wire',
  supply0: 'wire',
  supply1: 'wire',
  event: 'wire',
  string: 'wire',
};

/**
 * A streaming VCD (IEEE 1364 value change dump) reader: text goes in a piece at a time as the tool
 * writes it, changes come out with times in ps. Only the current line is held, so a large dump is
 * read in constant memory. Times are kept as JavaScript numbers: exact up to 2^53 ps (about 2.5
 * hours of simulated time), far past any run's limit.
 */
export class VcdParser {
  private rest = '';
  private inHeader = true;
  private headerWords: string[] = [];
  private scopes: string[] = [];
  private signals: SignalInfo[] = [];
  private leftOut = 0;
  /** VCD id code → indexes into signals (several variables may share one code). */
  private byCode = new Map<string, number[]>();
  private timeScalePs = 1;
  private time = 0;
  /** A `$comment` is open in the body. */
  private skipping = false;
  /** A vector's value, waiting for its id code (the next word). */
  private pendingVector: string | null = null;

  constructor(private readonly handlers: VcdHandlers) {}

  get endTime() {
    return this.time;
  }

  write(text: string): void {
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) this.line(line);
  }

  end(): void {
    if (this.rest) this.line(this.rest);
    this.rest = '';
    if (this.inHeader) this.finishHeader();
  }

  private line(line: string) {
    for (const word of line.split(/\s+/)) {
      if (!word) continue;
      if (this.inHeader) this.headerWord(word);
      else this.bodyWord(word);
    }
  }

  private headerWord(word: string) {
    if (word !== '$end') {
      this.headerWords.push(word);
      return;
    }
    const [command, ...args] = this.headerWords;
    this.headerWords = [];
    if (command === '$timescale') this.timeScalePs = this.parseTimescale(args.join(''));
    else if (command === '$scope') this.scopes.push(args[1] ?? args[0] ?? 'top');
    else if (command === '$upscope') this.scopes.pop();
    else if (command === '$var') this.declare(args);
    else if (command === '$enddefinitions') this.finishHeader();
  }

  /** Picoseconds per time unit of the dump (GHDL writes fs: 1/1000). */
  private parseTimescale(text: string) {
    const match = /^(1|10|100)\s*(s|ms|us|ns|ps|fs)$/.exec(text.trim());
    return match ? Number(match[1]) * UNIT_PS[match[2]!]! : 1;
  }

  private toPs(units: number) {
    // Femtoseconds divide exactly (3200000 fs is 3200 ps; times 0.001 is not).
    return this.timeScalePs < 1 ? Math.round(units / Math.round(1 / this.timeScalePs)) : units * this.timeScalePs;
  }

  private declare(args: string[]) {
    const [type = 'wire', size = '1', code = '', name = '', ...range] = args;
    if (this.signals.length >= MAX_SIGNALS) {
      this.leftOut++;
      return;
    }
    const scope = this.scopes.join('.');
    // GHDL writes `name[15:0]`, Icarus `name [15:0]`: a range covering the whole width is left out of the name.
    const [base = name, attached = ''] = /^([^[]*)(\[.*)?$/.exec(name)!.slice(1);
    const bits = attached || (range[0]?.startsWith('[') ? range.join('') : '');
    const whole = bits === `[${Number(size) - 1}:0]` || bits === '';
    const reference = whole ? base : `${base}${bits}`;
    const index = this.signals.length;
    this.signals.push({
      id: `s${index}`,
      path: scope ? `${scope}.${reference}` : reference,
      scope,
      name: reference,
      width: Math.max(1, Number(size) || 1),
      type: VAR_TYPES[type] ?? 'wire',
    });
    this.byCode.set(code, [...(this.byCode.get(code) ?? []), index]);
  }

  private finishHeader() {
    if (!this.inHeader) return;
    this.inHeader = false;
    this.handlers.header(this.signals, this.leftOut);
  }

  private emit(code: string, value: string) {
    for (const index of this.byCode.get(code) ?? []) this.handlers.change(index, this.time, value);
  }

  private bodyWord(word: string) {
    if (this.pendingVector !== null) {
      this.emit(word, this.pendingVector);
      this.pendingVector = null;
      return;
    }
    if (this.skipping) {
      if (word === '$end') this.skipping = false;
      return;
    }
    const first = word[0]!;
    if (first === '#') {
      const time = this.toPs(Number(word.slice(1)));
      if (Number.isFinite(time)) this.time = time;
    } else if (first === '$') {
      // $dumpvars, $dumpall, $dumpon … hold changes that count as usual; a $comment is skipped.
      if (word === '$comment') this.skipping = true;
    } else if (first === 'b' || first === 'B' || first === 'r' || first === 'R') {
      this.pendingVector = word.slice(1).toLowerCase();
    } else {
      this.emit(word.slice(1), first.toLowerCase());
    }
  }
}
