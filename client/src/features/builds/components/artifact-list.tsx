import { Download } from 'lucide-react';
import type { Build } from '@/lib/api/schemas';
import { artifactUrl } from '@/lib/api/builds';
import { ArtifactLabel } from './artifact-label';

/** A build's artifacts (bitstreams.tar, reports, stage logs), each a download link with its size. */
export function ArtifactList({ build }: { build: Pick<Build, 'id' | 'status' | 'artifacts'> }) {
  if (build.artifacts.length === 0) {
    const why =
      build.status === 'queued' || build.status === 'running'
        ? 'Artifacts appear here when the build finishes.'
        : 'This build produced no artifacts.';
    return <p className="build-muted">{why}</p>;
  }
  return (
    <ul className="artifact-list">
      {build.artifacts.map((artifact) => (
        <li key={artifact.name}>
          <a href={artifactUrl(build.id, artifact.name)} download={artifact.name} className="artifact-link">
            <Download size={16} aria-hidden="true" />
            <ArtifactLabel artifact={artifact} />
          </a>
        </li>
      ))}
    </ul>
  );
}
