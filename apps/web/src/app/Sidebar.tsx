import {
  Badge,
  Box,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { isNavItemVisible, LAYOUT, type MemberRole, NAV_ITEMS, type NavItem } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useGuardedClick, useSafeNavigate } from '../shared/hooks/useSafeNavigate';
import { NAV_ICONS } from './navIcons';

export interface SidebarProps {
  projectId: number | null;
  projectName?: string;
  projectRole: MemberRole | null;
  isSuperAdmin: boolean;
  isSupport: boolean;
  /** A count shown beside an item (by nav key), e.g. the open change requests. */
  badges?: Partial<Record<string, number>>;
  /** Below the md breakpoint the sidebar is a temporary drawer, opened from the header's menu button. */
  mobile?: { open: boolean; onClose: () => void };
}

export function navItemHref(item: NavItem, projectId: number | null): string | null {
  if (item.scope === 'global') return item.path;
  return projectId === null ? null : `/projects/${projectId}/${item.path}`;
}

function NavEntry({
  item,
  href,
  active,
  badge,
  onNavigate,
}: {
  item: NavItem;
  href: string | null;
  active: boolean;
  badge?: number;
  onNavigate: (to: string) => void;
}) {
  const { t } = useTranslation();
  const guardedClick = useGuardedClick((to: string) => onNavigate(to));
  const label = t(`nav.${item.key}`);

  if (href === null) {
    return (
      <Tooltip title={t('nav.selectProjectFirst')} placement="right">
        {/* a disabled button receives no pointer events, so the tooltip sits on a wrapper */}
        <Box component="li" sx={{ listStyle: 'none' }}>
          <ListItemButton
            component="div"
            disabled
            data-testid={`nav-${item.key}`}
            aria-disabled="true"
            aria-describedby="nav-select-project-hint"
            sx={{ py: 0.5, px: 1.5, mx: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>{NAV_ICONS[item.key]}</ListItemIcon>
            <ListItemText primary={label} />
          </ListItemButton>
        </Box>
      </Tooltip>
    );
  }

  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={href}
        selected={active}
        aria-current={active ? 'page' : undefined}
        data-testid={`nav-${item.key}`}
        onClick={(event: React.MouseEvent) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          guardedClick(href);
        }}
        sx={{ py: 0.5, px: 1.5, borderRadius: 1, mx: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>{NAV_ICONS[item.key]}</ListItemIcon>
        <ListItemText primary={label} />
        {badge ? (
          <Badge
            badgeContent={badge}
            max={99}
            color="warning"
            data-testid={`nav-badge-${item.key}`}
            sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
          />
        ) : null}
      </ListItemButton>
    </li>
  );
}

const SECTION_SX = { lineHeight: '32px', bgcolor: 'transparent' };

/** Left navigation (spec 1 §2.1, §6): NAV_ITEMS filtered by the viewer's flags and project role. */
export function Sidebar({
  projectId,
  projectName,
  projectRole,
  isSuperAdmin,
  isSupport,
  badges = {},
  mobile,
}: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const safeNavigate = useSafeNavigate();
  const viewer = { isSuperAdmin, isSupport, projectRole: projectId === null ? null : projectRole };
  const visible = NAV_ITEMS.filter((item) => isNavItemVisible(item, viewer));
  const projectItems = visible.filter((item) => item.scope === 'project');
  const globalItems = visible.filter((item) => item.scope === 'global');

  const activeKey = useMemo(() => {
    let best: { key: string; length: number } | null = null;
    // The longest matching path wins: /analysis/upload is Upload, /analysis/12 is Analyses.
    for (const item of visible) {
      const href = navItemHref(item, projectId);
      if (!href) continue;
      const extra =
        projectId === null ? [] : (item.alsoActiveOn ?? []).map((p) => `/projects/${projectId}/${p}`);
      for (const candidate of [href, ...extra]) {
        if (pathname === candidate || pathname.startsWith(`${candidate}/`)) {
          if (!best || candidate.length > best.length) best = { key: item.key, length: candidate.length };
        }
      }
    }
    return best?.key ?? null;
  }, [visible, pathname, projectId]);

  const renderItems = (items: NavItem[]) =>
    items.map((item) => (
      <NavEntry
        key={item.key}
        item={item}
        href={navItemHref(item, projectId)}
        active={item.key === activeKey}
        badge={badges[item.key]}
        onNavigate={(to) => {
          mobile?.onClose();
          safeNavigate(to);
        }}
      />
    ));

  // The section titles and the hint stand before their lists: a list holds list items only.
  const content = (
    <>
      <Toolbar sx={{ px: 2 }}>
        <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
          {t('common.appName')}
        </Typography>
      </Toolbar>
      <Box component="nav" aria-label={t('nav.label')} sx={{ overflowY: 'auto', pb: 2 }}>
        <ListSubheader id="nav-project-section" component="div" sx={SECTION_SX}>
          <Typography variant="overline" noWrap component="span" sx={{ display: 'block' }}>
            {projectId !== null && projectName ? projectName : t('nav.projectSection')}
          </Typography>
        </ListSubheader>
        {projectId === null ? (
          <Typography
            id="nav-select-project-hint"
            data-testid="nav-select-project-hint"
            variant="caption"
            color="textSecondary"
            component="p"
            sx={{ px: 2, pb: 0.5 }}
          >
            {t('nav.selectProjectFirst')}
          </Typography>
        ) : null}
        <List dense aria-labelledby="nav-project-section" sx={{ pt: 0 }}>
          {renderItems(projectItems)}
        </List>
        <ListSubheader id="nav-general-section" component="div" sx={SECTION_SX}>
          <Typography variant="overline" component="span">
            {t('nav.generalSection')}
          </Typography>
        </ListSubheader>
        <List dense aria-labelledby="nav-general-section" sx={{ pt: 0 }}>
          {renderItems(globalItems)}
        </List>
      </Box>
    </>
  );

  const paper = { '& .MuiDrawer-paper': { width: LAYOUT.sidebarWidth, boxSizing: 'border-box' } };
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobile.open}
        onClose={mobile.onClose}
        data-testid="sidebar"
        sx={paper}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      data-testid="sidebar"
      sx={{ width: LAYOUT.sidebarWidth, flexShrink: 0, ...paper }}
    >
      {content}
    </Drawer>
  );
}
