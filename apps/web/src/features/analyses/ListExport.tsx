import DownloadIcon from '@mui/icons-material/Download';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { ANALYSIS_EXPORT_FORMATS, type AnalysisExportFormat, analysisRoutes } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisFilters } from '../../shared/api/analysisListQuery';
import { urlOf } from '../../shared/api/client';

/** The server's export of the list with these filters (every matching analysis, not only the page). */
export function exportUrl(projectId: number, filters: AnalysisFilters, format: AnalysisExportFormat): string {
  return urlOf(analysisRoutes.export, { params: { id: projectId }, query: { ...filters, format } });
}

/**
 * The analyses list's Export menu: CSV or JSON Lines of every analysis the current filters match. Each item is
 * a link the browser downloads as the server streams it, so a file of a million rows never passes through
 * the page's memory.
 */
export function ListExport({ projectId, filters }: { projectId: number; filters: AnalysisFilters }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="analyses-export"
      >
        {t('analyses.list.export.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {ANALYSIS_EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            component="a"
            href={exportUrl(projectId, filters, format)}
            download
            onClick={() => setAnchor(null)}
            data-testid={`analyses-export-${format}`}
            // The hint under CSV wraps in a menu as wide as a phone (menu items do not wrap by default).
            sx={{ whiteSpace: 'normal' }}
          >
            <ListItemText
              primary={t(`analyses.list.export.${format}`)}
              secondary={
                format === 'csv' && filters.prompt_id === undefined
                  ? t('analyses.list.export.choosePrompt')
                  : undefined
              }
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
