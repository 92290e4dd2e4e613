/** The project named by ?projectId= or ?project_id= (spec 1 §2.2), or null. */
export function projectIdFromQuery(params: URLSearchParams): number | null {
  const raw = params.get('projectId') ?? params.get('project_id');
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/** The query without projectId / project_id (once the project is in the path they are redundant). */
export function withoutProjectParams(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('projectId');
  next.delete('project_id');
  const text = next.toString();
  return text ? `?${text}` : '';
}
