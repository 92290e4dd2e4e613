import { Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import type { Member } from '@parley/contracts';

/** Who may review: owners, admins, team leaders, and members with the reviewer permission. */
export const mayReview = (member: Member) => member.role !== 'user' || member.reviewer;

/** A member's name in a list of reviewers ('#7' when they are not among the members). */
export function reviewerName(members: readonly Member[], id: number): string {
  const member = members.find((other) => other.user_id === id);
  return member?.name || member?.email || `#${id}`;
}

/**
 * A multiple choice of members (reviewers of sampling rules and calibration sessions, an automation's email
 * recipients): each with a checkbox, the chosen ones' names in the input, `emptyText` when nobody is chosen.
 */
export function ReviewerSelect({
  label,
  members,
  value,
  onChange,
  emptyText,
  helperText,
  error = false,
  required = false,
  disabled = false,
  testId,
}: {
  label: string;
  /** The members to choose from (filter them with mayReview for reviewers). */
  members: readonly Member[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  emptyText: string;
  helperText?: string;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <TextField
      select
      label={label}
      fullWidth
      required={required}
      disabled={disabled}
      value={value.map(String)}
      onChange={(event) => {
        const chosen = event.target.value as unknown as string[] | string;
        const ids = (Array.isArray(chosen) ? chosen : chosen.split(',')).map(Number);
        onChange(ids.filter((id) => Number.isInteger(id) && id > 0));
      }}
      error={error}
      helperText={helperText}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': testId } as object,
          renderValue: (selected) => {
            const ids = (selected as string[]).map(Number);
            return ids.length === 0 ? emptyText : ids.map((id) => reviewerName(members, id)).join(', ');
          },
        },
      }}
    >
      {members.map((member) => (
        <MenuItem key={member.user_id} value={String(member.user_id)}>
          <Checkbox size="small" checked={value.includes(member.user_id)} />
          <ListItemText primary={member.name || member.email} secondary={member.email} />
        </MenuItem>
      ))}
    </TextField>
  );
}
