import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  AUTOMATIONS,
  AutomationFiringListQuery,
  AutomationFiringListResponse,
  AutomationRuleInput,
  AutomationRuleListResponse,
  AutomationRuleParams,
  AutomationRuleResponse,
} from '../automations/api.ts';
import { defineRoute } from './route.ts';

// A project's automation rules and their firing log (settings → Automations). Admins and owners (and full API
// keys acting for one); other members 403, anyone else 404, also for another project's rule.
const tags = ['automations'] as const;
const access = 'full-key';
const errors = [403, 404] as const;

export const automationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/automations',
    operationId: 'listAutomationRules',
    summary: "The project's automation rules, oldest first",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: AutomationRuleListResponse },
    errors,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/automations',
    operationId: 'createAutomationRule',
    summary: 'Add a rule: when an event about an analysis matches its conditions, run its actions',
    description:
      `At most ${AUTOMATIONS.rulesMax} rules per project (409 too_many_rules). 422 invalid_value when an action ` +
      "names an endpoint or member not of the project, a condition's prompt or field is not the project's, or " +
      'a Slack URL is not https or points to a private or local network address.',
    tags,
    access,
    params: ProjectIdParams,
    body: AutomationRuleInput,
    responses: { 201: AutomationRuleResponse },
    errors: [...errors, 409, 422],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/projects/:id/automations/:ruleId',
    operationId: 'updateAutomationRule',
    summary: "Replace a rule's settings (its firing log stays)",
    tags,
    access,
    params: AutomationRuleParams,
    body: AutomationRuleInput,
    responses: { 200: AutomationRuleResponse },
    errors: [...errors, 422],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/automations/:ruleId',
    operationId: 'deleteAutomationRule',
    summary: 'Delete a rule and its firing log',
    tags,
    access,
    params: AutomationRuleParams,
    responses: { 200: OkResponse },
    errors,
  }),
  firings: defineRoute({
    method: 'GET',
    path: '/projects/:id/automations/:ruleId/firings',
    operationId: 'listAutomationFirings',
    summary: "A rule's firings, newest first, with each action's outcome",
    tags,
    access,
    params: AutomationRuleParams,
    query: AutomationFiringListQuery,
    responses: { 200: AutomationFiringListResponse },
    errors,
  }),
};
