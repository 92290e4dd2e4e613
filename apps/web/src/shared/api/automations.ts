import { type AutomationRule, type AutomationRuleInput, automationRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { settingsKeys } from './settingsQueryKeys';

// The automations tab (admins and owners): a project's automation rules and their firing logs (issue 36 part 2).

export const automationKeys = {
  all: (projectId: number) => [...settingsKeys.all(projectId), 'automations'] as const,
  rules: (projectId: number) => [...automationKeys.all(projectId), 'rules'] as const,
  firings: (projectId: number, ruleId: number, page: number, pageSize: number) =>
    [...automationKeys.all(projectId), 'firings', ruleId, page, pageSize] as const,
};

export function useAutomationRules(projectId: number) {
  return useQuery({
    queryKey: automationKeys.rules(projectId),
    queryFn: async ({ signal }) =>
      (await call(automationRoutes.list, { params: { id: projectId }, signal })).data,
  });
}

/** A page of a rule's firing log, newest first. */
export function useAutomationFirings(projectId: number, ruleId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: automationKeys.firings(projectId, ruleId, page, pageSize),
    queryFn: async ({ signal }) =>
      (
        await call(automationRoutes.firings, {
          params: { id: projectId, ruleId },
          query: { page, page_size: pageSize },
          signal,
        })
      ).data,
    placeholderData: (previous) => previous,
  });
}

function useInvalidateAutomations(projectId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: automationKeys.all(projectId) });
}

export function useCreateAutomationRule(projectId: number) {
  const invalidate = useInvalidateAutomations(projectId);
  return useMutation({
    mutationFn: async (body: AutomationRuleInput) =>
      (await call(automationRoutes.create, { params: { id: projectId }, body })).data,
    onSettled: invalidate,
  });
}

/** Replaces a rule's settings (the list's switch sends the rule with `enabled` changed). */
export function useUpdateAutomationRule(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAutomations(projectId);
  return useMutation({
    mutationFn: async ({ ruleId, body }: { ruleId: number; body: AutomationRuleInput }) =>
      (await call(automationRoutes.update, { params: { id: projectId, ruleId }, body })).data,
    onSuccess: (updated) => {
      queryClient.setQueryData<AutomationRule[]>(automationKeys.rules(projectId), (old) =>
        old?.map((rule) => (rule.id === updated.id ? updated : rule)),
      );
    },
    onSettled: invalidate,
  });
}

export function useDeleteAutomationRule(projectId: number) {
  const invalidate = useInvalidateAutomations(projectId);
  return useMutation({
    mutationFn: async (ruleId: number) =>
      (await call(automationRoutes.delete, { params: { id: projectId, ruleId } })).data,
    onSettled: invalidate,
  });
}
