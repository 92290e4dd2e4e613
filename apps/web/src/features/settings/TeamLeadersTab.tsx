import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import {
  Alert,
  Autocomplete,
  Button,
  Chip,
  CircularProgress,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { REP_MAPPING, type TeamLeader, uniqueNames } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNames, useSaveTeamLeader, useTeamLeaders } from '../../shared/api/repMapping';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { EmptyState, QueryContent } from '../../shared/components/States';
import type { Notify, TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Team leaders tab: each member with the teamleader role gets departments and representatives; they see
 * only the analyses of those (enforced on the server, tasks/visibility.ts), none without an assignment.
 */
export function TeamLeadersTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const query = useTeamLeaders(project.id);
  const departments = useNames(project.id, 'departments');
  const representatives = useNames(project.id, 'representatives');

  return (
    <SettingsSection
      title={t('settings.leaders.title')}
      description={t('settings.leaders.description')}
      testId="team-leaders"
    >
      <Stack spacing={2}>
        <Alert severity="info" data-testid="team-leader-rule">
          {t('settings.leaders.rule')}
        </Alert>
        <QueryContent
          query={query}
          loadingLabel={t('settings.leaders.loading')}
          errorTitle={t('settings.leaders.loadError')}
          isEmpty={(leaders) => leaders.length === 0}
          empty={
            <EmptyState
              icon={<GroupsOutlinedIcon />}
              title={t('settings.leaders.emptyTitle')}
              description={t('settings.leaders.emptyHint')}
              action={
                <Button
                  component={RouterLink}
                  to={`/projects/${project.id}/settings/team-members`}
                  variant="outlined"
                >
                  {t('settings.leaders.goToMembers')}
                </Button>
              }
            />
          }
        >
          {(leaders) => (
            <Stack spacing={2}>
              {leaders.map((leader) => (
                <LeaderCard
                  key={leader.user_id}
                  projectId={project.id}
                  leader={leader}
                  departmentOptions={departments.data ?? []}
                  representativeOptions={representatives.data ?? []}
                  notify={notify}
                  readOnly={readOnly}
                />
              ))}
            </Stack>
          )}
        </QueryContent>
      </Stack>
    </SettingsSection>
  );
}

function LeaderCard({
  projectId,
  leader,
  departmentOptions,
  representativeOptions,
  notify,
  readOnly,
}: {
  projectId: number;
  leader: TeamLeader;
  departmentOptions: string[];
  representativeOptions: string[];
  notify: Notify;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const save = useSaveTeamLeader(projectId);
  const [departments, setDepartments] = useState<string[]>(leader.departments);
  const [representatives, setRepresentatives] = useState<string[]>(leader.representatives);
  const locked = readOnly || save.isPending;
  const dirty =
    !sameList(departments, leader.departments) || !sameList(representatives, leader.representatives);
  const assigned = leader.departments.length + leader.representatives.length > 0;
  const label = leader.name || leader.email;

  const submit = () => {
    save.mutate(
      {
        userId: leader.user_id,
        departments: uniqueNames(departments),
        representatives: uniqueNames(representatives),
      },
      {
        onSuccess: (saved) => {
          setDepartments(saved.departments);
          setRepresentatives(saved.representatives);
          notify({ severity: 'success', text: t('settings.leaders.saved', { name: label }) });
        },
        onError: (error) => notify({ severity: 'error', text: settingsError(error) }),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`leader-${leader.user_id}`}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <div>
            <Typography sx={{ fontWeight: 600 }}>{leader.name || leader.email}</Typography>
            {leader.name ? (
              <Typography variant="body2" color="textSecondary">
                {leader.email}
              </Typography>
            ) : null}
          </div>
          {assigned ? (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label={t('settings.leaders.assigned', {
                departments: leader.departments.length,
                representatives: leader.representatives.length,
              })}
            />
          ) : (
            <Chip size="small" color="warning" label={t('settings.leaders.unassigned')} />
          )}
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <NamesSelect
              label={t('settings.leaders.departments')}
              ariaLabel={t('settings.leaders.departmentsOf', { name: label })}
              value={departments}
              onChange={setDepartments}
              options={departmentOptions}
              disabled={locked}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <NamesSelect
              label={t('settings.leaders.representatives')}
              ariaLabel={t('settings.leaders.representativesOf', { name: label })}
              value={representatives}
              onChange={setRepresentatives}
              options={representativeOptions}
              disabled={locked}
            />
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {dirty ? (
            <Button
              onClick={() => {
                setDepartments(leader.departments);
                setRepresentatives(leader.representatives);
              }}
              disabled={locked}
            >
              {t('settings.leaders.reset')}
            </Button>
          ) : null}
          <Button
            variant="contained"
            onClick={submit}
            disabled={!dirty || locked}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            aria-label={t('settings.leaders.saveNamed', { name: label })}
          >
            {t('settings.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** A multi-select of names with suggestions; anything typed is accepted (Enter, or leaving the field). */
function NamesSelect({
  label,
  ariaLabel,
  value,
  onChange,
  options,
  disabled,
}: {
  label: string;
  ariaLabel: string;
  value: string[];
  onChange: (value: string[]) => void;
  options: string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      filterSelectedOptions
      options={uniqueNames(options)}
      value={value}
      onChange={(_event, next) => onChange(uniqueNames(next).slice(0, REP_MAPPING.assignmentMax))}
      disabled={disabled}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length === 0 ? t('settings.leaders.typeOrPick') : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': ariaLabel,
              maxLength: REP_MAPPING.valueMax,
            },
          }}
        />
      )}
    />
  );
}
