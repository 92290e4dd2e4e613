import { Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { AdminProject, TariffPlan } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { useAssignTariff } from './api';
import { ProjectPicker } from './ProjectPicker';
import { Section, type ShowToast } from './Section';

/** Puts a project on a tariff plan. */
export function AssignPlan({
  projects,
  plans,
  onToast,
}: {
  projects: AdminProject[];
  plans: TariffPlan[];
  onToast: ShowToast;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const planText = useSeededPlanText();
  const assign = useAssignTariff();
  const [project, setProject] = useState<AdminProject | null>(null);
  const [planId, setPlanId] = useState<number | ''>('');
  const current = project ? projects.find((p) => p.id === project.id) : undefined;

  const submit = () => {
    if (!project || planId === '') return;
    const plan = plans.find((p) => p.id === planId);
    assign.mutate(
      { projectId: project.id, tariffId: planId },
      {
        onSuccess: () =>
          onToast({
            severity: 'success',
            text: t('admin.assign.success', {
              plan: plan ? planText.name(plan.name) : '',
              project: project.name,
            }),
          }),
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <Section title={t('admin.assign.title')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="textSecondary">
          {t('admin.assign.help')}
        </Typography>
        <ProjectPicker projects={projects} value={project} onChange={setProject} />
        {current ? (
          <Typography variant="body2" color="textSecondary">
            {t('admin.assign.currentPlan', {
              plan: current.tariff_plan_name ? planText.name(current.tariff_plan_name) : '—',
            })}
          </Typography>
        ) : null}
        <TextField
          select
          label={t('admin.assign.plan')}
          value={planId}
          onChange={(event) => setPlanId(event.target.value === '' ? '' : Number(event.target.value))}
        >
          {plans.map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {planText.name(plan.name)}
              {plan.public ? '' : ` (${t('admin.plans.hidden')})`}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button
            variant="contained"
            onClick={submit}
            disabled={!project || planId === '' || assign.isPending}
            startIcon={assign.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('admin.assign.submit')}
          </Button>
        </div>
      </Stack>
    </Section>
  );
}
