import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatLineRange, parseLineRange, type LineRange } from '@/components/log-viewer/line-range';
import { useBuildDetails } from '@/features/builds/api/use-build-details';
import { BuildDetail } from '@/features/builds/components/build-detail';
import { paths } from '@/lib/paths';

/**
 * One build (route name `build-detail`). The selected log lines live in the hash route
 * (`#/builds/{project_id}/{id}?line=120-135`), so a link opens the log scrolled to them; file:line links
 * in error lines open the editor at `#/editor/{project_id}?file=<name>&line=<n>`. A build of another
 * project than the route's moves to that project's build page (same request as the page's own read).
 */
export function BuildDetailRoute() {
  const { projectId = '', id = '' } = useParams<'projectId' | 'id'>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data: build } = useBuildDetails(id);

  const onHighlightChange = useCallback(
    (range: LineRange) =>
      setParams(
        (current) => {
          current.set('line', formatLineRange(range));
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onOpenFileLocation = useCallback(
    (file: string, line: number) => navigate(paths.editorAt(projectId, file, line)),
    [navigate, projectId],
  );

  if (build && String(build.project_id) !== projectId) {
    return <Navigate to={{ pathname: paths.buildDetail(build.project_id, id), search }} replace />;
  }
  return (
    <BuildDetail
      key={id}
      buildId={id}
      highlight={parseLineRange(params.get('line'))}
      onHighlightChange={onHighlightChange}
      onOpenFileLocation={onOpenFileLocation}
    />
  );
}
