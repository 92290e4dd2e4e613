import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { assignableRoles, type MemberRole } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvite } from '../../shared/api/members';
import { EMAIL_PATTERN } from '../../shared/auth/validation';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { useSettingsError } from './useSettingsError';

/** Invite by email; the roles offered are those my role may give (assignableRoles). */
export function InviteDialog({
  projectId,
  myRole,
  onClose,
  onInvited,
}: {
  projectId: number;
  myRole: MemberRole;
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const titleId = useId();
  const invite = useInvite(projectId);
  const roles = assignableRoles(myRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles[0] ?? 'user');
  const [touched, setTouched] = useState(false);
  const trimmed = email.trim();
  const emailError = !trimmed
    ? t('settings.members.emailRequired')
    : EMAIL_PATTERN.test(trimmed)
      ? null
      : t('settings.members.emailInvalid');

  const submit = () => {
    setTouched(true);
    if (emailError) return;
    invite.mutate({ email: trimmed, role }, { onSuccess: () => onInvited(trimmed) });
  };

  return (
    <Dialog
      open
      onClose={invite.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('settings.members.inviteTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="textSecondary">
            {t('settings.members.inviteDescription')}
          </Typography>
          <TextField
            label={t('settings.members.columns.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            error={touched && Boolean(emailError)}
            helperText={touched ? emailError : undefined}
            autoFocus
            required
            fullWidth
            disabled={invite.isPending}
          />
          <TextField
            select
            label={t('settings.members.columns.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            fullWidth
            disabled={invite.isPending}
            helperText={myRole === 'admin' ? t('settings.members.adminInviteHint') : undefined}
          >
            {roles.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`memberRoles.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {invite.isError ? <Alert severity="error">{settingsError(invite.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('settings.members.sendInvite')}
        busy={invite.isPending}
      />
    </Dialog>
  );
}
