import type { Member } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useSignOutMember } from '../../shared/api/sessions';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Notify } from './tabProps';

/** Owners: end every session of a member's account, after a confirmation (issue 39 part 4). */
export function SignOutMemberDialog({
  projectId,
  member,
  notify,
  onClose,
}: {
  projectId: number;
  /** The member to sign out; null: the dialog is closed. */
  member: Member | null;
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('sessions');
  const signOut = useSignOutMember(projectId);
  const name = member ? member.name || member.email : '';
  return (
    <ConfirmDialog
      open={member !== null}
      title={t('sessions.member.title')}
      message={t('sessions.member.message', { name })}
      confirmLabel={t('sessions.member.confirm')}
      onConfirm={() => {
        if (!member) return;
        signOut.mutate(member.user_id, {
          onSuccess: () => {
            onClose();
            notify({ severity: 'success', text: t('sessions.member.done', { name }) });
          },
        });
      }}
      onClose={() => {
        signOut.reset();
        onClose();
      }}
      busy={signOut.isPending}
      error={signOut.isError ? errorMessage(signOut.error) : undefined}
      destructive
    />
  );
}
