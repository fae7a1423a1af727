import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronUp, Download } from 'lucide-react';
import type { Build } from '@/lib/api/schemas';
import { artifactUrl } from '@/lib/api/builds';
import { ArtifactLabel } from './artifact-label';
import '@/components/action-menu.css';

/** A finished build's artifacts as a compact menu of download links (for the Build Logs header). */
export function ArtifactsMenu({ build }: { build: Pick<Build, 'id' | 'artifacts'> }) {
  if (build.artifacts.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="button build-logs-artifacts">
        <Download size={16} aria-hidden="true" />
        Artifacts ({build.artifacts.length})
        <ChevronUp size={14} aria-hidden="true" />
      </DropdownMenu.Trigger>
      {/* No portal: the open menu stays inside its landmark (axe's region rule); Radix positions it. */}
      <DropdownMenu.Content className="action-menu" side="top" align="end" sideOffset={4}>
        {build.artifacts.map((artifact) => (
          <DropdownMenu.Item key={artifact.name} asChild className="action-menu-item">
            <a href={artifactUrl(build.id, artifact.name)} download={artifact.name}>
              <ArtifactLabel artifact={artifact} />
            </a>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
