/**
 * The help article key of a page: its path without query, hash or trailing slash, with every numeric id
 * segment written `{id}` (so /projects/12/billing and /projects/7/billing share one article).
 */
export function helpArticlePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^\d+$/.test(segment) ? '{id}' : segment));
  return `/${segments.join('/')}`;
}
