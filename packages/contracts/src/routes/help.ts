import { HelpQuery, HelpResponse } from '../api.ts';
import { defineRoute } from './route.ts';

export const helpRoutes = {
  article: defineRoute({
    method: 'GET',
    path: '/knowledge-base/help',
    operationId: 'getHelpArticle',
    summary: 'The help article of a page path (404 with status not_found when there is none)',
    tags: ['help'],
    access: 'full-key',
    query: HelpQuery,
    // The 404 answer is a HelpResponse too (status not_found), not the error body.
    responses: { 200: HelpResponse, 404: HelpResponse },
    errors: [],
  }),
};
