import { Box, ButtonBase, Typography, useTheme } from '@mui/material';
import type { TranscriptSegment } from '@parley/contracts';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RedactedText } from '../../shared/analyses/RedactedText';
import { plainNaming, type SpeakerNaming, speakerColors } from '../../shared/analyses/speakers';
import { formatDuration } from '../../shared/format/numbers';
import { activeSegmentIndex, type Player } from './player';

/** Scrolls a line into view inside its scroll area (never the page itself), a third from the top. */
function scrollIntoBox(box: HTMLElement, line: HTMLElement) {
  const top = line.offsetTop;
  if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) {
    const target = Math.max(0, top - box.clientHeight / 3);
    if (typeof box.scrollTo === 'function') box.scrollTo({ top: target, behavior: 'smooth' });
    else box.scrollTop = target;
  }
}

/**
 * The transcript by speaker (a chat's messages alike). A click on a line seeks the player there; while
 * playing, the line being spoken is highlighted and kept in view. `full` (print view) shows every line
 * without a scroll area. Lines without a time (chats without times) show none and can't be clicked.
 */
export function Transcript({
  segments,
  player,
  full = false,
  naming = plainNaming,
  lineAside,
  reveal = null,
}: {
  segments: TranscriptSegment[];
  player: Player;
  full?: boolean;
  /** How speakers are named and coloured (by role when the analysis knows them). */
  naming?: SpeakerNaming;
  /** Shown under a line's text (e.g. the trackers found in it), by the line's index. */
  lineAside?: (index: number) => ReactNode;
  /** A line to bring into view and mark (a new object each time it is asked for, even for the same line). */
  reveal?: { index: number } | null;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colors = useMemo(
    () =>
      speakerColors(
        segments.map((segment) => segment.speaker),
        theme,
        naming.roles,
      ),
    [segments, theme, naming.roles],
  );
  const timed = segments.some((segment) => segment.start !== null);
  const active = player.started ? activeSegmentIndex(segments, player.currentTime) : -1;
  const container = useRef<HTMLDivElement | null>(null);
  const lines = useRef<Array<HTMLElement | null>>([]);

  // Keep the current line in view inside the scroll area (never scrolls the page itself).
  useEffect(() => {
    if (full || active < 0 || !player.playing) return;
    const box = container.current;
    const line = lines.current[active];
    if (box && line) scrollIntoBox(box, line);
  }, [active, full, player.playing]);

  useEffect(() => {
    const line = reveal ? lines.current[reveal.index] : null;
    if (!line) return;
    if (full || !container.current) line.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    else scrollIntoBox(container.current, line);
  }, [reveal, full]);

  if (segments.length === 0) {
    return <Typography color="textSecondary">{t('analysis.transcript.empty')}</Typography>;
  }

  return (
    <Box
      ref={container}
      role="list"
      aria-label={t('analysis.transcript.title')}
      // Scrolls within the page: arrow keys reach its lines once it has the focus.
      tabIndex={full ? undefined : 0}
      data-testid="transcript"
      sx={
        full
          ? undefined
          : {
              position: 'relative',
              maxHeight: { xs: 420, md: 'calc(100vh - 420px)' },
              minHeight: 240,
              overflowY: 'auto',
              pr: 0.5,
            }
      }
    >
      {segments.map((segment, index) => {
        const color = colors.get(segment.speaker ?? '') ?? theme.palette.text.secondary;
        const start = segment.start;
        const current = index === active;
        const revealed = index === reveal?.index;
        const content = (
          <>
            {timed ? (
              <Typography
                component="span"
                variant="caption"
                color="textSecondary"
                sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 44, pt: '2px', flexShrink: 0 }}
              >
                {segment.start === null ? '' : formatDuration(segment.start)}
              </Typography>
            ) : null}
            <Box component="span" sx={{ minWidth: 0, flex: 1 }}>
              {segment.speaker ? (
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ display: 'block', fontWeight: 600, color }}
                >
                  <RedactedText text={naming.nameOf(segment.speaker)} />
                </Typography>
              ) : null}
              <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                <RedactedText text={segment.text.trim()} />
              </Typography>
              {lineAside?.(index)}
            </Box>
          </>
        );
        const sx = {
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          width: '100%',
          textAlign: 'left',
          px: 1,
          py: 0.75,
          borderRadius: 1,
          borderLeft: 3,
          borderColor: current ? 'primary.main' : revealed ? 'secondary.main' : 'transparent',
          bgcolor: current ? 'action.selected' : revealed ? 'action.hover' : 'transparent',
          breakInside: 'avoid',
        } as const;
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed list without ids
            key={index}
            role="listitem"
            ref={(element: HTMLElement | null) => {
              lines.current[index] = element;
            }}
            aria-current={current ? 'true' : undefined}
            data-revealed={revealed ? 'true' : undefined}
            data-testid={`transcript-line-${index}`}
          >
            {player.seek && start !== null ? (
              <ButtonBase
                onClick={() => player.seek?.(start)}
                title={t('analysis.transcript.seek', { time: formatDuration(start) })}
                sx={{ ...sx, '&:hover': { bgcolor: current ? 'action.selected' : 'action.hover' } }}
              >
                {content}
              </ButtonBase>
            ) : (
              <Box sx={sx}>{content}</Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** A conversation whose lines were kept only as text (chats analysed before their messages were kept). */
export function PlainTranscript({ text }: { text: string }) {
  return (
    <Typography
      component="pre"
      variant="body2"
      data-testid="transcript-text"
      sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}
    >
      <RedactedText text={text} />
    </Typography>
  );
}
