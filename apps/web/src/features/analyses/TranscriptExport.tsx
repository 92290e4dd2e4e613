import DownloadIcon from '@mui/icons-material/Download';
import { Button, Menu, MenuItem } from '@mui/material';
import {
  type ConversationSegment,
  canExportSubtitles,
  exportTranscript,
  TRANSCRIPT_EXPORT_FORMATS,
  TRANSCRIPT_EXPORT_MIME,
  type TranscriptExportFormat,
} from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, fileNamePart } from '../../shared/utils/download';

/**
 * The transcript card's Export menu: text, and subtitles (.srt, .vtt) when the transcript has times. The file
 * is named after the analysis (`name`: its title or file name, whose extension is dropped). No byte order
 * mark: current Notepad and subtitle players read UTF-8 without one.
 */
export function TranscriptExport({
  segments,
  name,
}: {
  segments: readonly ConversationSegment[];
  name: string;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (segments.length === 0) return null;
  const formats: readonly TranscriptExportFormat[] = canExportSubtitles(segments)
    ? TRANSCRIPT_EXPORT_FORMATS
    : ['txt'];

  const save = (format: TranscriptExportFormat) => {
    setAnchor(null);
    const base = fileNamePart(name.replace(/\.[a-z][a-z0-9]{1,4}$/i, ''));
    downloadFile(`${base}.${format}`, exportTranscript(segments, format), TRANSCRIPT_EXPORT_MIME[format]);
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="transcript-export"
        sx={{ displayPrint: 'none', flexShrink: 0 }}
      >
        {t('analysis.transcript.export.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {formats.map((format) => (
          <MenuItem key={format} onClick={() => save(format)} data-testid={`transcript-export-${format}`}>
            {t(`analysis.transcript.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
