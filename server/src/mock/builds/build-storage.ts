import type { ArtifactFile } from './artifacts.js';
import type { StateStore } from '../state/state-store.js';
import { decodeState, encodeState } from '../store/state-codec.js';

/**
 * What a live build keeps outside its sandbox's document, in the state store: its log lines (a
 * list appended as they come, so every gateway can follow them without rewriting the document)
 * and the artifacts a real toolchain made.
 */
export class BuildStorage {
  constructor(private readonly store: StateStore) {}

  private log = (buildId: string) => `log:${buildId}`;
  private artifacts = (buildId: string) => `artifacts:${buildId}`;

  append(buildId: string, lines: readonly string[]): Promise<number> {
    return this.store.append(this.log(buildId), lines);
  }

  /** Up to `limit` lines from `offset`, and how many there are. */
  async page(buildId: string, offset: number, limit: number): Promise<{ lines: string[]; total: number }> {
    const [lines, total] = await Promise.all([
      this.store.slice(this.log(buildId), offset, offset + limit),
      this.store.length(this.log(buildId)),
    ]);
    return { lines, total };
  }

  async lines(buildId: string): Promise<string[]> {
    return this.store.slice(this.log(buildId), 0, await this.store.length(this.log(buildId)));
  }

  async saveArtifacts(buildId: string, files: readonly ArtifactFile[]): Promise<void> {
    await this.store.remove(this.artifacts(buildId));
    await this.store.write(this.artifacts(buildId), encodeState(files), 0);
  }

  async loadArtifacts(buildId: string): Promise<ArtifactFile[]> {
    const stored = await this.store.read(this.artifacts(buildId));
    return stored ? decodeState<ArtifactFile[]>(stored.value) : [];
  }

  /** Forgets the builds' logs and artifacts (dropped builds, deleted projects and sandboxes). */
  forget(buildIds: readonly string[]): Promise<void> {
    return this.store.remove(...buildIds.flatMap((id) => [this.log(id), this.artifacts(id)]));
  }
}
