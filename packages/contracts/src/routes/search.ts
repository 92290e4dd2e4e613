import { ProjectIdParams } from '../api.ts';
import { SearchQuery, SearchResponse } from '../search/api.ts';
import { defineRoute } from './route.ts';

// Search across a project's transcripts (issue 38): every member, within the analyses they may see (team
// leaders their teams', representatives their own); anyone outside the project 404.
export const searchRoutes = {
  search: defineRoute({
    method: 'GET',
    path: '/projects/:id/search',
    operationId: 'searchTranscripts',
    summary: 'Conversations whose transcript contains a phrase, with the pieces that hold it as snippets',
    tags: ['search'],
    access: 'full-key',
    params: ProjectIdParams,
    query: SearchQuery,
    responses: { 200: SearchResponse },
    errors: [400, 404],
  }),
};
