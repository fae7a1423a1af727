import type { AnsiSegment } from './ansi';

/** A piece of a rendered line: one style, and whether it is (part of) a search match or the file link. */
export interface LinePiece extends AnsiSegment {
  /** `current` for the match that next/previous stands on. */
  match?: 'match' | 'current';
  link?: boolean;
}

export interface TextRange {
  start: number;
  end: number;
}

/**
 * Cut a line's styled segments at match and link boundaries (offsets in the escape-free text), so each piece
 * can be drawn as one element. `current` is the index into `matches` of the current match, or -1.
 */
export function splitIntoPieces(
  segments: readonly AnsiSegment[],
  matches: readonly TextRange[],
  current: number,
  link: TextRange | null,
): LinePiece[] {
  if (matches.length === 0 && !link) return segments as LinePiece[];
  const cuts = new Set<number>();
  for (const range of matches) cuts.add(range.start).add(range.end);
  if (link) cuts.add(link.start).add(link.end);
  const sortedCuts = [...cuts].sort((a, b) => a - b);

  const pieces: LinePiece[] = [];
  let offset = 0;
  for (const segment of segments) {
    const segmentEnd = offset + segment.text.length;
    let pieceStart = offset;
    for (const cut of sortedCuts) {
      if (cut <= pieceStart || cut >= segmentEnd) continue;
      pieces.push(piece(segment, offset, pieceStart, cut, matches, current, link));
      pieceStart = cut;
    }
    pieces.push(piece(segment, offset, pieceStart, segmentEnd, matches, current, link));
    offset = segmentEnd;
  }
  return pieces;
}

function piece(
  segment: AnsiSegment,
  segmentStart: number,
  start: number,
  end: number,
  matches: readonly TextRange[],
  current: number,
  link: TextRange | null,
): LinePiece {
  const result: LinePiece = { ...segment, text: segment.text.slice(start - segmentStart, end - segmentStart) };
  const matchIndex = matches.findIndex((range) => start >= range.start && end <= range.end);
  if (matchIndex >= 0) result.match = matchIndex === current ? 'current' : 'match';
  if (link && start >= link.start && end <= link.end) result.link = true;
  return result;
}
