import { Paper } from '@mui/material';
import { type AnalysisDetail, analysisRoutes } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { urlOf } from '../../shared/api/client';
import type { Player } from './player';

/** The recording, streamed from the media route (Range requests), as video when it has a picture. */
export function MediaPlayer({ detail, player }: { detail: AnalysisDetail; player: Player }) {
  const { t } = useTranslation();
  const media = detail.media;
  const src = urlOf(analysisRoutes.media, { params: { id: detail.project_id, taskId: detail.id } });
  const label = t('analysis.player.label', { name: media.file_name });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="player">
      {media.has_video ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption
        <video
          ref={player.ref}
          src={src}
          controls
          preload="metadata"
          aria-label={label}
          style={{ width: '100%', maxHeight: 360, display: 'block', background: '#000', borderRadius: 4 }}
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption
        <audio
          ref={player.ref}
          src={src}
          controls
          preload="metadata"
          aria-label={label}
          style={{ width: '100%', display: 'block' }}
        />
      )}
    </Paper>
  );
}
