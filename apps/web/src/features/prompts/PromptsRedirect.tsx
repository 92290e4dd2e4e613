import { Navigate, useLocation, useSearchParams } from 'react-router';
import { readLastProjectId } from '../../shared/app/selection';
import { projectIdFromQuery, withoutProjectParams } from './projectParam';

/**
 * /prompts, /prompts/new and /prompts/edit without a project in the path (spec 1 §2.2): the project comes
 * from ?projectId= / ?project_id=, else the last selected one; with none the user picks a project first.
 */
export default function PromptsRedirect() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const projectId = projectIdFromQuery(params) ?? readLastProjectId();
  if (projectId === null) return <Navigate to="/dashboard" replace />;
  return <Navigate to={`/projects/${projectId}${pathname}${withoutProjectParams(params)}`} replace />;
}
