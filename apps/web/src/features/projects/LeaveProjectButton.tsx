import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { memberRoutes, type Project } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { projectsQueryKey } from '../../shared/app/projects';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';

/**
 * 'Leave project' for members who can't open the project settings (users, team leaders): removes their own
 * membership after a confirmation, then goes to the dashboard. Admins and owners leave from Team Members.
 */
export function LeaveProjectButton({ project, userId }: { project: Project; userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const leave = useMutation({
    mutationFn: () => call(memberRoutes.remove, { params: { id: project.id, userId } }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      void navigate('/dashboard', { replace: true });
    },
  });

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => setOpen(true)}>
        {t('settings.members.leave')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('settings.members.leaveTitle')}
        message={t('settings.members.leaveMessage', { project: project.name })}
        confirmLabel={t('settings.members.leave')}
        onConfirm={() => leave.mutate()}
        onClose={() => {
          setOpen(false);
          leave.reset();
        }}
        busy={leave.isPending}
        error={leave.isError ? errorMessage(leave.error) : undefined}
        destructive
      />
    </>
  );
}
