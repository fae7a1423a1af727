import { Link } from 'react-router-dom';
import { Folder } from 'lucide-react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { paths } from '@/lib/paths';
import { useProjects } from '../api/list-projects';

/** The signed-in user's projects, each linking to its editor. */
export function ProjectList() {
  const { data: projects, error, isLoading } = useProjects();
  if (isLoading) return <Spinner label="Loading projects" />;
  if (error) {
    return (
      <p role="alert" className="error-text">
        {errorMessage(error, 'The projects could not be loaded. Please try again later.')}
      </p>
    );
  }
  if (!projects || projects.length === 0) return <p>No projects yet.</p>;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">NAME</th>
        </tr>
      </thead>
      <tbody>
        {projects.map((project) => (
          <tr key={project.id}>
            <td>
              <Link to={paths.editor(project.id)} className="project-link">
                <Folder size={18} aria-hidden="true" />
                {project.name}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
