import type { Build } from '@/lib/api/schemas';
import { formatBytes } from '@/lib/format';

/** An artifact's name and size, as both the artifact list and the artifacts menu show them. */
export function ArtifactLabel({ artifact }: { artifact: Build['artifacts'][number] }) {
  return (
    <>
      <span className="artifact-name">{artifact.name}</span>
      <span className="build-muted">
        <span className="visually-hidden">, </span>
        {formatBytes(artifact.size)}
      </span>
    </>
  );
}
