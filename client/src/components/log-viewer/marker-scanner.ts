import { findStageMarkers, type StageMarker } from './sections';

/**
 * Finds stage markers in a log that grows by appending: each call scans only the lines added since the last
 * one (a running build adds a few lines at a time to a log that may be long). A log that is not an extension
 * of the previous one (shorter, or a different line where the old one ended) is scanned from the start.
 */
export class MarkerScanner {
  private previous: readonly string[] = [];
  private markers: StageMarker[] = [];

  scan(lines: readonly string[]): StageMarker[] {
    const old = this.previous;
    const scanned = old.length;
    const extends_ =
      lines.length >= scanned && (scanned === 0 || (lines[0] === old[0] && lines[scanned - 1] === old[scanned - 1]));
    if (lines === old) return this.markers;
    if (extends_) {
      const added = findStageMarkers(lines, scanned);
      if (added.length) this.markers = [...this.markers, ...added];
    } else {
      this.markers = findStageMarkers(lines);
    }
    this.previous = lines;
    return this.markers;
  }
}
