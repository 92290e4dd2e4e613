import { Paper } from '@mui/material';
import type { AnalysisDetail } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import type { Player } from './player';

/** The recording, streamed from the media route (Range requests), as video when it has a picture. */
export function MediaPlayer({ detail, player }: { detail: AnalysisDetail; player: Player }) {
  const { t } = useTranslation();
  const media = detail.media;
  const label = t('analysis.player.label', { name: media.file_name });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="player">
      {media.has_video ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption
        <video
          ref={player.ref}
          src={media.url}
          controls
          preload="metadata"
          aria-label={label}
          style={{ width: '100%', maxHeight: 360, display: 'block', background: '#000', borderRadius: 4 }}
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption
        <audio
          ref={player.ref}
          src={media.url}
          controls
          preload="metadata"
          aria-label={label}
          style={{ width: '100%', display: 'block' }}
        />
      )}
    </Paper>
  );
}
