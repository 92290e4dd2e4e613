import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import {
  Chip,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  breaksLastOwner,
  canChangeMemberRole,
  canRemoveMember,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { MemberRoleChip } from '../../shared/components/RoleChip';
import { WarningChip } from '../../shared/components/WarningChip';
import { formatDate } from '../../shared/utils/displayDates';

/** The members table: a role select where my role may change it, and remove/leave per row (spec 1 §6 roles). */
export function MembersTable({
  members,
  myRole,
  myUserId,
  locked,
  onRoleChange,
  onReviewerChange,
  onRemove,
  onSignOut,
}: {
  members: Member[];
  myRole: MemberRole;
  myUserId: number | undefined;
  /** No change can be made now: one is under way, or the project is read-only. */
  locked: boolean;
  onRoleChange: (member: Member, role: MemberRole) => void;
  onReviewerChange: (member: Member, reviewer: boolean) => void;
  onRemove: (member: Member, self: boolean) => void;
  /** Owners: sign the member out everywhere (absent for everyone else). */
  onSignOut?: (member: Member) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ownerCount = members.filter((member) => member.role === 'owner').length;

  return (
    <TableContainer>
      <Table size="small" aria-label={t('settings.members.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('settings.members.columns.name')}</TableCell>
            <TableCell>{t('settings.members.columns.email')}</TableCell>
            <TableCell sx={{ minWidth: 180 }}>{t('settings.members.columns.role')}</TableCell>
            <TableCell>{t('reviews.members.column')}</TableCell>
            <TableCell>{t('settings.members.columns.joined')}</TableCell>
            <TableCell align="right">{t('settings.members.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => {
            const self = member.user_id === myUserId;
            const lastOwner = breaksLastOwner(ownerCount, member.role, null);
            const options = MEMBER_ROLES.filter(
              (role) => role === member.role || canChangeMemberRole(myRole, member.role, role),
            );
            const roleLocked = options.length <= 1 || lastOwner;
            const removable = canRemoveMember(myRole, member.role, self) && !lastOwner;
            const label = member.name || member.email;
            return (
              <TableRow key={member.user_id} data-testid={`member-${member.user_id}`}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{member.name || '—'}</span>
                    {self ? <Chip size="small" label={t('settings.members.you')} /> : null}
                    {member.deactivated ? (
                      <WarningChip
                        label={t('settings.members.deactivated')}
                        hint={t('settings.members.deactivatedHint')}
                      />
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>
                  {roleLocked && options.length <= 1 ? (
                    <MemberRoleChip role={member.role} />
                  ) : (
                    <Tooltip title={lastOwner ? t('settings.members.lastOwnerHint') : ''}>
                      <span>
                        <TextField
                          select
                          size="small"
                          value={member.role}
                          onChange={(event) => onRoleChange(member, event.target.value as MemberRole)}
                          disabled={roleLocked || locked}
                          slotProps={{
                            select: {
                              SelectDisplayProps: {
                                'aria-label': t('settings.members.roleOf', { name: label }),
                              },
                            },
                          }}
                          sx={{ minWidth: 160 }}
                        >
                          {options.map((role) => (
                            <MenuItem
                              key={role}
                              value={role}
                              disabled={breaksLastOwner(ownerCount, member.role, role)}
                            >
                              {t(`memberRoles.${role}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      </span>
                    </Tooltip>
                  )}
                  {lastOwner ? (
                    <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
                      {t('settings.members.lastOwner')}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <ReviewerSwitch
                    member={member}
                    label={label}
                    editable={canChangeMemberRole(myRole, member.role, member.role)}
                    locked={locked}
                    onChange={onReviewerChange}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(member.joined_at, language)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {onSignOut && !self ? (
                    <Tooltip title={t('sessions.member.action')}>
                      <span>
                        <IconButton
                          aria-label={t('sessions.member.actionNamed', { name: label })}
                          disabled={locked}
                          onClick={() => onSignOut(member)}
                        >
                          <LogoutOutlinedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  ) : null}
                  <Tooltip
                    title={
                      lastOwner
                        ? t('settings.members.lastOwnerHint')
                        : removable
                          ? self
                            ? t('settings.members.leave')
                            : t('settings.members.remove')
                          : t('settings.members.cannotRemove')
                    }
                  >
                    <span>
                      <IconButton
                        aria-label={
                          self
                            ? t('settings.members.leave')
                            : t('settings.members.removeNamed', { name: label })
                        }
                        disabled={!removable || locked}
                        onClick={() => onRemove(member, self)}
                        color="error"
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The reviewer permission (issue 35): users review only with it; team leaders, admins and owners review by
 * their role, so theirs shows on and fixed.
 */
function ReviewerSwitch({
  member,
  label,
  editable,
  locked,
  onChange,
}: {
  member: Member;
  label: string;
  editable: boolean;
  locked: boolean;
  onChange: (member: Member, reviewer: boolean) => void;
}) {
  const { t } = useTranslation();
  const byRole = member.role !== 'user';
  return (
    <Tooltip title={byRole ? t('reviews.members.byRole') : ''}>
      <span>
        <Switch
          size="small"
          checked={byRole || member.reviewer}
          disabled={byRole || !editable || locked}
          onChange={(event) => onChange(member, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('reviews.members.toggle', { name: label }) } }}
        />
      </span>
    </Tooltip>
  );
}
