import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import './project-breadcrumbs.css';

/** A step below the project: a link while a page below it is shown, else the current page. */
export interface BreadcrumbStep {
  label: string;
  /** Where the step leads; left out for the current page (the last step). */
  to?: string;
}

export interface ProjectBreadcrumbsProps {
  projectId: string;
  projectName: string;
  /** The steps after the project's name (`Builds`, then a build's id), the last one the current page. */
  steps: readonly BreadcrumbStep[];
}

/**
 * Projects › a project › its area (builds, simulations) › …: the trail above a project's pages. The
 * project's name links to its editor and is shortened (its title, and the heading below, carry it whole).
 */
export function ProjectBreadcrumbs({ projectId, projectName, steps }: ProjectBreadcrumbsProps) {
  return (
    <nav aria-label="Breadcrumb" className="project-breadcrumbs">
      <ol>
        <li>
          <Link to={paths.projects}>Projects</Link>
        </li>
        <li>
          <Link to={paths.editor(projectId)} title={projectName}>
            {projectName}
          </Link>
        </li>
        {steps.map((step) => (
          <li key={step.label}>
            {step.to ? <Link to={step.to}>{step.label}</Link> : <span aria-current="page">{step.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
