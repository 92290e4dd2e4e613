import {
  AnalyticsFieldsQuery,
  AnalyticsFieldsResponse,
  AnalyticsStatusResponse,
  ChecklistQuery,
  ChecklistResponse,
  DashboardQuery,
  DashboardResponse,
  ExplorerQuery,
  ExplorerResponse,
} from '../analytics/api.ts';
import { ManagerDashboardQuery, ManagerDashboardResponse } from '../analytics/manager.ts';
import { ProjectIdParams } from '../api.ts';
import { defineRoute } from './route.ts';

// What the analysed conversations say, for any member (team leaders: their teams only) and full API keys.
// Figures come from the analytics table: every scored or categorical field value of every completed
// analysis, by the project's days.
const tags = ['analytics'] as const;
const access = 'full-key';
const errors = [400, 404] as const;

export const analyticsRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/status',
    operationId: 'getAnalyticsStatus',
    summary: 'Progress of copying existing analyses into analytics (after an upgrade)',
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: AnalyticsStatusResponse },
    errors: [404],
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/dashboard',
    operationId: 'getProjectDashboard',
    summary: 'The project dashboard for a date range and optionally one prompt, with the previous period',
    tags,
    access,
    params: ProjectIdParams,
    query: DashboardQuery,
    responses: { 200: DashboardResponse },
    errors,
  }),
  fields: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/fields',
    operationId: 'listAnalyticsFields',
    summary: "A prompt's fields that analytics can show, with how many analyses have a value",
    tags,
    access,
    params: ProjectIdParams,
    query: AnalyticsFieldsQuery,
    responses: { 200: AnalyticsFieldsResponse },
    errors,
  }),
  explore: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/explore',
    operationId: 'exploreAnalyticsField',
    summary: 'One field of a prompt grouped by representative, department, day, week or month',
    tags,
    access,
    params: ProjectIdParams,
    query: ExplorerQuery,
    responses: { 200: ExplorerResponse },
    errors,
  }),
  checklist: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/checklist',
    operationId: 'getChecklistReport',
    summary: 'Representatives × checklist items of a prompt: pass rate or mean score per cell',
    tags,
    access,
    params: ProjectIdParams,
    query: ChecklistQuery,
    responses: { 200: ChecklistResponse },
    errors,
  }),
  managerDashboard: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/manager-dashboard',
    operationId: 'getManagerDashboard',
    summary: 'Representatives × fields of a prompt over up to 4 periods, side by side, with the team totals',
    tags,
    access,
    params: ProjectIdParams,
    query: ManagerDashboardQuery,
    responses: { 200: ManagerDashboardResponse },
    errors,
  }),
};
