import { useParams } from 'react-router-dom';

/** Placeholder for one build (route name `build-detail`), filled by the builds issue. */
export function BuildDetailRoute() {
  const { id = '' } = useParams<'id'>();
  return <h2>Build {id.slice(-7)}</h2>;
}
