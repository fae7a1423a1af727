import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './unavailable-page.css';

export interface UnavailablePageProps {
  /** The page's heading: what is missing ("Project not found"), or what could not be loaded. */
  title: string;
  /** Drawn before the title (decorative). */
  icon?: ReactNode;
  /** Why: a not-found message naming the id asked for, or the load error with its Retry. */
  children: ReactNode;
  /** The way back: where to and its link text. */
  back: { to: string; label: string };
}

/**
 * The whole page of a route whose subject is missing (an id that names nothing: a 404) or could not be
 * loaded: a heading, why, and a link back to where the user can pick another. Show the id in a
 * `<code className="unavailable-page-id">`, so a mistyped link is recognisable.
 */
export function UnavailablePage({ title, icon, children, back }: UnavailablePageProps) {
  const titleId = useId();
  return (
    <section className="page unavailable-page" aria-labelledby={titleId}>
      <h1 id={titleId}>
        {icon}
        {title}
      </h1>
      {children}
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </section>
  );
}
