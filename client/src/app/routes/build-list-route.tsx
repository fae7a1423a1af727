import { useParams } from 'react-router-dom';
import { BuildList } from '@/features/builds/components/build-list';

/** The build list (route name `builds`): every build of the project, newest first. */
export function BuildListRoute() {
  const { projectId = '' } = useParams<'projectId'>();
  return <BuildList projectId={projectId} />;
}
