import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, AlertTitle, Box, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_ROLES,
  type Project,
  ProjectInput,
  TIMEZONES,
  TIMINGS,
} from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../api/client';
import { type ProjectPayload, useCreateProject, useUpdateProject } from '../api/projects';

/** The shared project schema with the form's translated message keys (spec 2 §5: name_required). */
export const projectFormSchema = ProjectInput.extend({
  name: z.string().trim().min(1, 'name_required').max(PROJECT_NAME_MAX, 'name_too_long'),
  description: z.string().trim().max(PROJECT_DESCRIPTION_MAX, 'description_too_long'),
});
type FormInput = z.input<typeof projectFormSchema>;

type Mode =
  | { mode: 'create' }
  | {
      mode: 'edit';
      project: Project;
      /** Replaces going to /projects/{id} on cancel (the settings page reloads itself, spec 2 §2.3). */
      onCancel?: () => void;
      /** Shows the project without letting it be changed (support access): fields and Save disabled. */
      readOnly?: boolean;
      /** False: without its own outlined frame, for a page that puts the form in a card of its own. */
      framed?: boolean;
    };

function useSave(props: Mode) {
  const create = useCreateProject();
  const update = useUpdateProject(props.mode === 'edit' ? props.project.id : 0);
  return props.mode === 'create' ? create : update;
}

/** Project form of spec 2 §2.3 (create and edit). */
export function ProjectForm(props: Mode) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSave(props);
  const [notice, setNotice] = useState<'create_success' | 'update_success' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const project = props.mode === 'edit' ? props.project : null;
  const readOnly = props.mode === 'edit' && Boolean(props.readOnly);
  const framed = props.mode === 'create' || props.framed !== false;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, ProjectPayload>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: {
      name: project?.name ?? '',
      description: project?.description ?? '',
      role: project?.role ?? 'Sales',
      timezone: (project?.timezone as FormInput['timezone']) ?? 'UTC',
    },
  });

  const created = props.mode === 'create' && notice === 'create_success';
  const busy = save.isPending || created || readOnly;

  const onSubmit = handleSubmit((values) => {
    if (readOnly) return;
    setNotice(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        if (props.mode === 'create') {
          setNotice('create_success');
          timer.current = setTimeout(
            () => void navigate(`/projects/${saved.id}`),
            TIMINGS.projectCreateRedirectMs,
          );
        } else {
          setNotice('update_success');
          reset({
            name: saved.name,
            description: saved.description,
            role: saved.role,
            timezone: saved.timezone as FormInput['timezone'],
          });
        }
      },
    });
  });

  const cancel = () => {
    if (props.mode === 'create') void navigate('/projects');
    else if (props.onCancel) props.onCancel();
    else void navigate(`/projects/${props.project.id}`);
  };

  const fieldError = (message?: string) => (message ? t(`projectForm.${message}`) : undefined);
  const serverDetail = save.error instanceof ApiError ? save.error.message : undefined;

  const form = (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack spacing={3}>
        {notice ? (
          <Alert severity="success" role="status">
            {t(`projectForm.${notice}`)}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert severity="error">
            <AlertTitle>{t('projectForm.save_error')}</AlertTitle>
            {serverDetail}
          </Alert>
        ) : null}
        <TextField
          label={t('projectForm.name')}
          required
          fullWidth
          autoFocus={props.mode === 'create'}
          disabled={busy}
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name?.message)}
          slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX } }}
          {...register('name')}
        />
        <TextField
          label={t('projectForm.description')}
          fullWidth
          multiline
          minRows={3}
          disabled={busy}
          error={Boolean(errors.description)}
          helperText={fieldError(errors.description?.message)}
          {...register('description')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <TextField
                select
                label={t('projectForm.role')}
                fullWidth
                disabled={busy}
                value={field.value ?? 'Sales'}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
              >
                {PROJECT_ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`projectRoles.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => (
              <TextField
                select
                label={t('projectForm.timezone')}
                fullWidth
                disabled={busy}
                value={field.value ?? 'UTC'}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              >
                {TIMEZONES.map((zone) => (
                  <MenuItem key={zone} value={zone}>
                    {zone}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={cancel} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || (props.mode === 'edit' && !isDirty && notice === 'update_success')}
          >
            {save.isPending
              ? t('common.saving')
              : props.mode === 'create'
                ? t('projectForm.createSubmit')
                : t('projectForm.editSubmit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );

  return framed ? (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      {form}
    </Paper>
  ) : (
    form
  );
}
