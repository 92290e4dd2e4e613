import { useTheme } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import type { SpeakerMetrics } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatPercent } from './format';
import { speakerColors } from './speakers';

/** Talk ratio per speaker as a doughnut. Loaded lazily (x-charts is large). */
export default function TalkRatioChart({
  speakers,
  order,
}: {
  speakers: SpeakerMetrics[];
  /** Speakers in the transcript's order, so colours match the transcript. */
  order: ReadonlyArray<string | null>;
}) {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const colors = speakerColors([...order, ...speakers.map((speaker) => speaker.speaker)], theme);
  return (
    <PieChart
      height={220}
      skipAnimation
      series={[
        {
          innerRadius: '58%',
          outerRadius: '100%',
          paddingAngle: 1,
          cornerRadius: 3,
          data: speakers.map((speaker, index) => ({
            id: index,
            value: speaker.talkRatio,
            label: speaker.speaker,
            color: colors.get(speaker.speaker),
          })),
          valueFormatter: (item) => formatPercent(item.value, i18n.language),
        },
      ]}
      margin={{ top: 8, bottom: 8, left: 8, right: 8 }}
      slotProps={{
        legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
      }}
    />
  );
}
