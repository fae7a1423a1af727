import { findFileLocation } from '@cloud-compile/shared';

/** A file and line named in a build's error summary, with where that mention sits in the text. */
export interface ErrorLocation {
  file: string;
  line: number;
  /** Offsets of the mention in the text, end excluded. */
  start: number;
  end: number;
}

// "SYNTHESIS failed: … (clip.vhd, line 24)": the build service's summary form.
const SUMMARY_LOCATION = /([\w.-]+\.(?:vhdl|vhd|sv|svh|vh|v|xdc|xci|coe|tcl|sdc)),\s+line\s+(\d{1,7})\b/i;

/** The first file:line a build's error names, as `clip.vhd, line 24` or as a tool writes it (`clip.vhd:24`). */
export function findErrorLocation(text: string): ErrorLocation | null {
  const summary = SUMMARY_LOCATION.exec(text);
  if (summary && Number(summary[2]) > 0) {
    return {
      file: summary[1]!,
      line: Number(summary[2]),
      start: summary.index,
      end: summary.index + summary[0].length,
    };
  }
  const location = findFileLocation(text);
  return location ? { file: location.file, line: location.line, start: location.start, end: location.end } : null;
}
