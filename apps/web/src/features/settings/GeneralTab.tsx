import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { deleteConfirmationMatches, type Project } from '@parley/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../shared/api/auth';
import { useMembers } from '../../shared/api/members';
import { useDeleteProject, useTransferOwnership } from '../../shared/api/projectSettings';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { ProjectForm } from '../../shared/components/ProjectForm';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { AnalysisSettings } from './AnalysisSettings';
import { pageReload } from './reload';
import { TranscriptionSettings } from './TranscriptionSettings';
import { TwoFactorPolicySettings } from './TwoFactorPolicySettings';
import type { TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

/** General tab: the project form, analysis settings and the danger zone (transfer, delete). */
export function GeneralTab(props: TabProps) {
  const { t } = useTranslation();
  const { project, readOnly } = props;
  return (
    <Stack spacing={3}>
      <SettingsSection title={t('settings.general.detailsTitle')} testId="project-details">
        <ProjectForm
          key={project.id}
          mode="edit"
          project={project}
          onCancel={() => pageReload.reload()}
          readOnly={readOnly}
          framed={false}
        />
      </SettingsSection>
      <AnalysisSettings {...props} />
      <TranscriptionSettings {...props} />
      <TwoFactorPolicySettings {...props} />
      <DangerZone {...props} />
    </Stack>
  );
}

function DangerZone(props: TabProps) {
  const { t } = useTranslation();
  const isOwner = props.project.my_role === 'owner';
  return (
    <SettingsSection title={t('settings.danger.title')} tone="danger" testId="danger-zone">
      <Stack spacing={2} divider={<Divider flexItem />}>
        <TransferOwnership {...props} isOwner={isOwner} />
        <DeleteProject project={props.project} isOwner={isOwner} readOnly={props.readOnly} />
      </Stack>
    </SettingsSection>
  );
}

function DangerRow({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description: ReactNode;
  action: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="textSecondary">
          {description}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{action}</Box>
    </Stack>
  );
}

function TransferOwnership({ project, notify, readOnly, isOwner }: TabProps & { isOwner: boolean }) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const me = useMe();
  const members = useMembers(project.id, isOwner);
  const allowed = isOwner && !readOnly;
  const transfer = useTransferOwnership(project.id);
  const [userId, setUserId] = useState<number | ''>('');
  const [confirming, setConfirming] = useState(false);
  const candidates = (members.data?.members ?? []).filter(
    (member) => member.user_id !== me.data?.id && member.role !== 'owner',
  );
  const target = candidates.find((member) => member.user_id === userId);

  const confirm = () => {
    if (!target) return;
    transfer.mutate(target.user_id, {
      onSuccess: () => {
        setConfirming(false);
        setUserId('');
        notify({
          severity: 'success',
          text: t('settings.danger.transferred', { name: target.name || target.email }),
        });
      },
    });
  };

  return (
    <DangerRow
      title={t('settings.danger.transferTitle')}
      description={isOwner ? t('settings.danger.transferDescription') : t('settings.danger.ownerOnly')}
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('settings.danger.newOwner')}
            value={target ? userId : ''}
            onChange={(event) => setUserId(Number(event.target.value))}
            disabled={!allowed || transfer.isPending || candidates.length === 0}
            helperText={
              isOwner && members.isSuccess && candidates.length === 0
                ? t('settings.danger.noCandidates')
                : undefined
            }
            sx={{ minWidth: 240 }}
          >
            {candidates.map((member) => (
              <MenuItem key={member.user_id} value={member.user_id}>
                {member.name ? `${member.name} (${member.email})` : member.email}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            color="error"
            startIcon={<SwapHorizIcon />}
            disabled={!allowed || !target}
            onClick={() => {
              transfer.reset();
              setConfirming(true);
            }}
          >
            {t('settings.danger.transfer')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('settings.danger.transferTitle')}
            message={t('settings.danger.transferConfirm', {
              name: target ? target.name || target.email : '',
              project: project.name,
            })}
            confirmLabel={t('settings.danger.transfer')}
            onConfirm={confirm}
            onClose={() => setConfirming(false)}
            busy={transfer.isPending}
            error={transfer.isError ? settingsError(transfer.error) : undefined}
            destructive
          />
        </Stack>
      }
    />
  );
}

function DeleteProject({
  project,
  isOwner,
  readOnly,
}: {
  project: Project;
  isOwner: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const remove = useDeleteProject(project.id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const titleId = useId();
  const matches = deleteConfirmationMatches(project.name, typed);

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
  };

  const confirm = () => {
    if (!matches) return;
    remove.mutate(typed.trim());
  };

  return (
    <DangerRow
      title={t('settings.danger.deleteTitle')}
      description={isOwner ? t('settings.danger.deleteDescription') : t('settings.danger.ownerOnly')}
      action={
        <>
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteForeverOutlinedIcon />}
            disabled={!isOwner || readOnly}
            onClick={() => {
              setTyped('');
              remove.reset();
              setOpen(true);
            }}
          >
            {t('settings.danger.delete')}
          </Button>
          <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
            <DialogTitle id={titleId}>{t('settings.danger.deleteTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2}>
                <Alert severity="warning">{t('settings.danger.deleteWarning')}</Alert>
                <DialogContentText>
                  {t('settings.danger.deleteTypeName', { name: project.name })}
                </DialogContentText>
                <TextField
                  label={t('settings.danger.deleteConfirmLabel')}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') confirm();
                  }}
                  autoFocus
                  fullWidth
                  autoComplete="off"
                  disabled={remove.isPending}
                  error={typed.trim() !== '' && !matches}
                  helperText={typed.trim() !== '' && !matches ? t('settings.danger.deleteMismatch') : ' '}
                />
                {remove.isError ? <Alert severity="error">{settingsError(remove.error)}</Alert> : null}
              </Stack>
            </DialogContent>
            <DialogButtons
              onCancel={close}
              onSubmit={confirm}
              submitLabel={t('settings.danger.deleteConfirm')}
              busy={remove.isPending}
              disabled={!matches}
              destructive
            />
          </Dialog>
        </>
      }
    />
  );
}
