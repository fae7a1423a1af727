import type { ReactNode } from 'react';
import './project-area-header.css';

export interface ProjectAreaHeaderProps {
  /** The heading's id, for the section's aria-labelledby. */
  titleId: string;
  title: string;
  /** The area's action beside the heading (Build on the builds list). */
  children?: ReactNode;
}

/** The heading of a project's area (its builds, its simulations), with the area's action beside it. */
export function ProjectAreaHeader({ titleId, title, children }: ProjectAreaHeaderProps) {
  return (
    <div className="project-area-header">
      <h1 id={titleId}>{title}</h1>
      {children}
    </div>
  );
}
