import CableOutlinedIcon from '@mui/icons-material/CableOutlined';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useReloadDrive } from './api';
import { ConnectionsTab } from './ConnectionsTab';
import { FolderIntegrationsTab } from './FolderIntegrationsTab';
import { useVisibleAgain } from './useVisibleAgain';

/** The two tabs of the panel, kept in the URL as ?view= (spec 2 §2.7). */
export const DRIVE_VIEWS = ['connections', 'folders'] as const;
export type DriveView = (typeof DRIVE_VIEWS)[number];

export const drivePath = (projectId: number, view: DriveView = 'connections') =>
  `/projects/${projectId}/integrations/google-drive?view=${view}`;

/**
 * Reports a failed call in the panel's banner: its text, else the fallback under drive.* (spec 2 §8). A sync
 * refused because one is already running is information, not an error: the folder is being synced.
 */
export type ReportError = (error: unknown, fallbackKey: string) => void;

interface Banner {
  message: string;
  severity: 'error' | 'info';
}

export interface DriveTabProps {
  projectId: number;
  readOnly: boolean;
  report: ReportError;
}

/** The Google Drive tab of the integrations page: connections and folder integrations. */
export function DrivePanel({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const view: DriveView = params.get('view') === 'folders' ? 'folders' : 'connections';
  const [banner, setBanner] = useState<Banner | null>(null);
  const reload = useReloadDrive(projectId);
  useVisibleAgain(() => void reload());

  const report = useCallback<ReportError>(
    (error, fallbackKey) =>
      setBanner({
        message: errorMessage(error, `drive.${fallbackKey}`),
        severity: error instanceof ApiError && error.code === 'sync_running' ? 'info' : 'error',
      }),
    [errorMessage],
  );
  const tabProps: DriveTabProps = { projectId, readOnly, report };

  return (
    <Box data-testid="drive-panel">
      <Tabs value={view} aria-label={t('drive.tabsLabel')} sx={{ mb: 2 }}>
        {DRIVE_VIEWS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(value === 'connections' ? 'drive.tabs.connections' : 'drive.tabs.folders')}
            icon={value === 'connections' ? <CableOutlinedIcon /> : <FolderSharedOutlinedIcon />}
            iconPosition="start"
            component={RouterLink}
            to={drivePath(projectId, value)}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      {banner ? (
        <Alert
          severity={banner.severity}
          onClose={() => setBanner(null)}
          sx={{ mb: 2 }}
          data-testid={banner.severity === 'info' ? 'drive-info' : 'drive-error'}
        >
          {banner.message}
        </Alert>
      ) : null}
      {view === 'connections' ? <ConnectionsTab {...tabProps} /> : <FolderIntegrationsTab {...tabProps} />}
    </Box>
  );
}
