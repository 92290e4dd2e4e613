import { Navigate, useLocation, useParams } from 'react-router';
import { analysisPath } from '../../shared/api/analyses';
import { useCurrentProject } from '../../shared/app/ProjectGuard';

/** /projects/{id}/analyses/{taskId} (older links) -> /projects/{id}/analysis/{taskId}, query kept. */
export default function AnalysisRedirect() {
  const project = useCurrentProject();
  const { analysisId } = useParams();
  const { search } = useLocation();
  const id = Number(analysisId);
  const to =
    Number.isInteger(id) && id > 0 ? analysisPath(project.id, id) : `/projects/${project.id}/analyses`;
  return <Navigate to={`${to}${search}`} replace />;
}
