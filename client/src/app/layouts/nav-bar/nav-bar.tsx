import { memo, type ComponentType, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { BookOpen, Code, FolderKanban, Hammer, Lightbulb, Settings, type LucideProps } from 'lucide-react';
import { Tooltip } from '@/components/tooltip';
import { EXTERNAL_LINKS } from '@/lib/external-links';
import { useCurrentProject } from '@/lib/current-project';
import { paths } from '@/lib/paths';

const ICON_SIZE = 20;

function NavItem({ to, label, icon: Icon }: { to: string; label: string; icon: ComponentType<LucideProps> }) {
  return (
    <li>
      <Tooltip label={label} placement="right">
        <NavLink to={to} className="nav-link" aria-label={label}>
          <Icon size={ICON_SIZE} aria-hidden="true" />
        </NavLink>
      </Tooltip>
    </li>
  );
}

function ExternalNavItem({
  href,
  label,
  icon: Icon,
}: {
  href: string;
  label: string;
  icon: ComponentType<LucideProps>;
}) {
  return (
    <li>
      <Tooltip label={label} placement="right">
        <a
          href={href}
          className="nav-link"
          aria-label={`${label} (opens in a new tab)`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon size={ICON_SIZE} aria-hidden="true" />
        </a>
      </Tooltip>
    </li>
  );
}

function NavGroup({ children }: { children: ReactNode }) {
  return <ul className="nav-group">{children}</ul>;
}

/**
 * The left nav bar (spec §2): Projects; Editor and Builds for the loaded project only; Examples,
 * Documentation and Preferences at the bottom. 16 units (4rem) wide, 20 px icons, tooltips.
 * Memoized: the sign-in state changes a few times while the first page loads (user info read), and
 * each change re-rendered the whole nav bar for nothing.
 */
export const NavBar = memo(function NavBar() {
  const project = useCurrentProject();
  return (
    <nav className="nav-bar" aria-label="Main">
      <NavGroup>
        <NavItem to={paths.projects} label="Projects" icon={FolderKanban} />
        {project && (
          <>
            <NavItem to={paths.editor(project.id)} label={`Editor: ${project.name}`} icon={Code} />
            <NavItem to={paths.builds(project.id)} label={`Builds: ${project.name}`} icon={Hammer} />
          </>
        )}
      </NavGroup>
      <NavGroup>
        <ExternalNavItem href={EXTERNAL_LINKS.examples} label="Examples" icon={Lightbulb} />
        <ExternalNavItem href={EXTERNAL_LINKS.documentation} label="Documentation" icon={BookOpen} />
        <NavItem to={paths.preferences} label="Preferences" icon={Settings} />
      </NavGroup>
    </nav>
  );
});
