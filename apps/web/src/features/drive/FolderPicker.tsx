import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import {
  Box,
  Breadcrumbs,
  Button,
  CircularProgress,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ErrorState } from '../../shared/components/States';
import { useDriveFolders } from './api';

interface Crumb {
  id: string;
  name: string;
}

/**
 * Browses a connection's Drive folder by folder (spec 2 §2.7): a breadcrumb from My Drive, the folders of the
 * open one page by page, opening a folder by clicking it and choosing the open one or a listed one.
 */
export function FolderPicker({
  projectId,
  connectionId,
  onPick,
}: {
  projectId: number;
  connectionId: number;
  onPick: (folder: Crumb) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [path, setPath] = useState<Crumb[]>([]);
  const open = path.at(-1) ?? null;
  const folders = useDriveFolders(projectId, connectionId, open?.id ?? null);
  const listed = folders.data?.pages.flatMap((page) => page.folders) ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="folder-picker">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Breadcrumbs aria-label={t('drive.picker.path')} sx={{ minWidth: 0 }}>
          <Link component="button" type="button" underline="hover" onClick={() => setPath([])}>
            {t('drive.picker.root')}
          </Link>
          {path.map((crumb, index) => (
            <Link
              key={crumb.id}
              component="button"
              type="button"
              underline="hover"
              onClick={() => setPath(path.slice(0, index + 1))}
            >
              {crumb.name}
            </Link>
          ))}
        </Breadcrumbs>
        {open ? (
          <Button size="small" variant="outlined" onClick={() => onPick(open)}>
            {t('drive.picker.chooseThis')}
          </Button>
        ) : null}
      </Box>
      {folders.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('drive.picker.loading')} />
        </Box>
      ) : folders.isError ? (
        <Box sx={{ mt: 1 }}>
          <ErrorState
            message={errorMessage(folders.error, 'drive.messages.error_loading')}
            onRetry={() => void folders.refetch()}
          />
        </Box>
      ) : listed.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
          {t('drive.picker.empty')}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
          {listed.map((folder) => (
            <ListItem
              key={folder.id}
              disablePadding
              secondaryAction={
                <Button size="small" onClick={() => onPick(folder)}>
                  {t('drive.picker.choose')}
                </Button>
              }
            >
              <ListItemButton onClick={() => setPath([...path, folder])}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <FolderOutlinedIcon />
                </ListItemIcon>
                <ListItemText primary={folder.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {folders.hasNextPage ? (
        <Button
          size="small"
          onClick={() => void folders.fetchNextPage()}
          disabled={folders.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {folders.isFetchingNextPage ? t('common.loading') : t('drive.picker.loadMore')}
        </Button>
      ) : null}
    </Paper>
  );
}
