// A signal's level-of-detail pyramid, built while its changes are recorded: level 0 summarises each run of
// LEVEL0_CHANGES consecutive changes (first and last time, count, min and max value, the value it leaves),
// each level above merges FANOUT blocks of the one below. A summary of a million changes in a few thousand
// time buckets then reads a few thousand blocks of one level instead of every change.
import { vcdNumber, type NumberFormat } from '@cloud-compile/shared';
import type { Change } from './simulation-types.js';

/** Changes per level-0 block. */
export const LEVEL0_CHANGES = 16;
/** Blocks of one level per block of the level above. */
export const FANOUT = 4;
/** Blocks per stored page (one list item of the level's list). */
export const BLOCKS_PER_PAGE = 1024;
/** Levels at most: level 15 would hold 16·4^15 (about 1.7·10^10) changes per block, past any run's bound. */
export const MAX_LEVELS = 16;

/** Changes per block of `level`. */
export const blockChanges = (level: number) => LEVEL0_CHANGES * FANOUT ** level;

/**
 * One block: [first change's time, last change's time, changes, min, max, the value of its last change].
 * min and max are the values as numbers (vcdNumber: a vector's code, two's complement when the signal is
 * signed; a real's value; a bit's 0 or 1), null when every value in it is x or z.
 */
export type SummaryBlock = [number, number, number, number | null, number | null, string];

function merged(into: SummaryBlock | null, block: SummaryBlock): SummaryBlock {
  if (!into) return [...block];
  into[1] = block[1];
  into[2] += block[2];
  if (block[3] !== null && (into[3] === null || block[3] < into[3])) into[3] = block[3];
  if (block[4] !== null && (into[4] === null || block[4] > into[4])) into[4] = block[4];
  into[5] = block[5];
  return into;
}

interface Level {
  open: SummaryBlock | null;
  /** Changes (level 0) or blocks (above) in the open block. */
  filled: number;
  /** Closed blocks not yet handed out as pages. */
  closed: SummaryBlock[];
  /** Blocks closed over the level's life (a page index is this over BLOCKS_PER_PAGE). */
  total: number;
}

/** A page of a level's blocks to store, in order: pages of one level are appended one after the other. */
export interface SummaryPage {
  level: number;
  blocks: SummaryBlock[];
}

/** Builds one signal's pyramid from its changes in time order; full pages are taken as they fill. */
export class SummaryBuilder {
  private readonly levels: Level[] = [];

  constructor(private readonly format: NumberFormat) {}

  /** Levels the pyramid has (0 before any change). */
  get levelCount(): number {
    return this.levels.length;
  }

  private level(index: number): Level {
    while (this.levels.length <= index) this.levels.push({ open: null, filled: 0, closed: [], total: 0 });
    return this.levels[index]!;
  }

  add(changes: readonly Change[]): void {
    const level = this.level(0);
    for (const [time, value] of changes) {
      const number = vcdNumber(value, this.format) ?? null;
      const open = level.open;
      if (!open) level.open = [time, time, 1, number, number, value];
      else {
        open[1] = time;
        open[2]++;
        if (number !== null && (open[3] === null || number < open[3])) open[3] = number;
        if (number !== null && (open[4] === null || number > open[4])) open[4] = number;
        open[5] = value;
      }
      if (++level.filled === LEVEL0_CHANGES) this.close(0);
    }
  }

  /**
   * Closes the open block of `index` and merges it into the level above, which starts with the level's first
   * block; at the end a level's lone block starts none (it would only repeat it).
   */
  private close(index: number, finishing = false): void {
    const level = this.levels[index]!;
    const block = level.open!;
    level.closed.push(block);
    level.total++;
    [level.open, level.filled] = [null, 0];
    if (index + 1 >= MAX_LEVELS) return;
    if (finishing && level.total === 1 && this.levels.length === index + 1) return;
    const up = this.level(index + 1);
    up.open = merged(up.open, block);
    if (++up.filled === FANOUT) this.close(index + 1, finishing);
  }

  /** Pages full of closed blocks, taken out of the builder. */
  takeFullPages(): SummaryPage[] {
    return this.take(false);
  }

  /** The end of the signal: every open block closed (partly filled) and every block handed out. */
  finish(): SummaryPage[] {
    for (let index = 0; index < this.levels.length; index++) {
      const level = this.levels[index]!;
      if (level.open) this.close(index, true);
    }
    return this.take(true);
  }

  private take(all: boolean): SummaryPage[] {
    const pages: SummaryPage[] = [];
    this.levels.forEach((level, index) => {
      while (level.closed.length >= BLOCKS_PER_PAGE || (all && level.closed.length > 0))
        pages.push({ level: index, blocks: level.closed.splice(0, BLOCKS_PER_PAGE) });
    });
    return pages;
  }
}
