import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import {
  Button,
  CircularProgress,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { pathAfterProjectSwitch, projectPath } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSelectedProject, writeLastProjectId } from '../../shared/app/selection';

/** Header project selector (spec 1 §2.1, §8). */
export function ProjectSelector() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id: selectedId, project: selected, projects } = useSelectedProject();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = projects.data ?? [];

  const goToDashboard = (id: number) => void navigate(projectPath(id));

  const switchTo = (id: number) => {
    setAnchor(null);
    if (id === selectedId && pathname.startsWith(`/projects/${id}`)) return;
    writeLastProjectId(id);
    const target = pathAfterProjectSwitch(pathname, id);
    try {
      const result: unknown = navigate(target);
      if (result instanceof Promise) result.catch(() => goToDashboard(id));
    } catch {
      goToDashboard(id);
    }
  };

  // A project opened without membership (support staff through a grant) is named though the list lacks it.
  let label: string;
  if (projects.isPending) label = t('projectSelector.loading');
  else if (selected) label = selected.name;
  else if (projects.isError) label = t('projectSelector.loadError');
  else if (list.length === 0) label = t('projectSelector.noProjectsAvailable');
  else label = t('projectSelector.placeholder');

  return (
    <>
      <Button
        color="inherit"
        data-testid="project-selector"
        // The name starts with what the button shows (WCAG 2.5.3, label in name).
        aria-label={`${label}, ${t('projectSelector.label')}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={
          projects.isPending ? <CircularProgress size={16} color="inherit" /> : <FolderOutlinedIcon />
        }
        endIcon={<ArrowDropDownIcon />}
        sx={{ maxWidth: { xs: 180, sm: 320 }, minWidth: 0, justifyContent: 'flex-start' }}
      >
        <Typography component="span" noWrap sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 260, maxHeight: 480 } } }}
      >
        {projects.isPending ? (
          <MenuItem disabled>
            <ListItemIcon>
              <CircularProgress size={18} />
            </ListItemIcon>
            <ListItemText>{t('projectSelector.loading')}</ListItemText>
          </MenuItem>
        ) : null}
        {projects.isError ? (
          <MenuItem onClick={() => void projects.refetch()}>
            <ListItemText
              primary={t('projectSelector.loadError')}
              secondary={t('common.retry')}
              slotProps={{ primary: { color: 'error' } }}
            />
          </MenuItem>
        ) : null}
        {projects.isSuccess && list.length === 0 ? (
          <MenuItem disabled>
            <ListItemText>{t('projectSelector.noProjectsFound')}</ListItemText>
          </MenuItem>
        ) : null}
        {list.map((project) => (
          <MenuItem
            key={project.id}
            selected={project.id === selectedId}
            onClick={() => switchTo(project.id)}
            data-testid={`project-option-${project.id}`}
          >
            <ListItemIcon>{project.id === selectedId ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={project.name} secondary={t(`memberRoles.${project.my_role}`)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/projects/new');
          }}
          data-testid="project-option-new"
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('projectSelector.create')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
