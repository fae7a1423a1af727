import { ProjectList } from '@/features/projects/components/project-list';

export function ProjectsRoute() {
  return (
    <section className="page">
      <h1>Projects</h1>
      <ProjectList />
    </section>
  );
}
