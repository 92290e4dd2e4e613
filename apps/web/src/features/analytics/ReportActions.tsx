import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface ReportActionsProps {
  /** The page is its own print view: only the Print button. */
  print: boolean;
  /** The print view's address (opened in a new tab). */
  printHref: string;
  hasData: boolean;
  onExportCsv: () => void;
}

/** A report's header buttons: print view and CSV export, or Print inside the print view. */
export function ReportActions({ print, printHref, hasData, onExportCsv }: ReportActionsProps) {
  const { t } = useTranslation();
  if (print) {
    return (
      <Button
        variant="contained"
        startIcon={<PrintIcon />}
        onClick={() => window.print()}
        sx={{ displayPrint: 'none' }}
      >
        {t('analytics.checklist.print')}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PrintIcon />}
        href={printHref}
        target="_blank"
        rel="noopener"
        disabled={!hasData}
      >
        {t('analytics.checklist.printView')}
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExportCsv} disabled={!hasData}>
        {t('analytics.exportCsv')}
      </Button>
    </>
  );
}
