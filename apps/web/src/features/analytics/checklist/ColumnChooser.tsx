import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import { Button, Checkbox, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { type AnalyticsField, isRoleMetricPath, roleMetricName } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../fieldLabel';

/** Which item columns the checklist report shows: the prompt's items, then the conversation metrics. */
export function ColumnChooser({
  items,
  shown,
  onChange,
}: {
  items: AnalyticsField[];
  shown: ReadonlySet<string>;
  onChange: (shown: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (path: string) => {
    const next = new Set(shown);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    onChange(next);
  };
  // Under their group's heading the metrics go by their own names, not 'Conversation metrics - …' each.
  const groups = [
    {
      title: t('analytics.checklist.columns.items'),
      items: items.filter((item) => !isRoleMetricPath(item.path)),
      name: (item: AnalyticsField) => fieldLabel(t, item),
    },
    {
      title: t('analytics.checklist.columns.metrics'),
      items: items.filter((item) => isRoleMetricPath(item.path)),
      name: (item: AnalyticsField) => roleMetricName(item.path),
    },
  ].filter((group) => group.items.length > 0);
  const count = items.filter((item) => shown.has(item.path)).length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ displayPrint: 'none' }}
      >
        {t('analytics.checklist.columns.button', { shown: count, total: items.length })}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {groups.flatMap((group) => [
          <ListSubheader key={`title-${group.title}`}>{group.title}</ListSubheader>,
          ...group.items.map((item) => {
            const checked = shown.has(item.path);
            return (
              <MenuItem
                key={item.path}
                role="menuitemcheckbox"
                aria-checked={checked}
                // The last column stays: a report of no items says nothing.
                disabled={checked && count === 1}
                onClick={() => toggle(item.path)}
                // A name too long for a phone ends in an ellipsis; the whole label shows on hover.
                title={item.label}
                dense
              >
                <Checkbox
                  edge="start"
                  size="small"
                  checked={checked}
                  tabIndex={-1}
                  disableRipple
                  sx={{ py: 0 }}
                />
                <ListItemText primary={group.name(item)} slotProps={{ primary: { noWrap: true } }} />
              </MenuItem>
            );
          }),
        ])}
      </Menu>
    </>
  );
}
