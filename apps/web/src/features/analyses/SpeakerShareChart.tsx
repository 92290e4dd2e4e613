import { useTheme } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import { type SpeakerNaming, speakerColors } from '../../shared/analyses/speakers';
import { formatPercent } from '../../shared/format/numbers';

/** Each speaker's share (of talk time, of a chat's words) as a doughnut. Loaded lazily (x-charts is large). */
export default function SpeakerShareChart({
  shares,
  order,
  naming,
}: {
  shares: ReadonlyArray<{ speaker: string; share: number }>;
  /** Speakers in the transcript's order, so colours match the transcript. */
  order: ReadonlyArray<string | null>;
  naming: SpeakerNaming;
}) {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const colors = speakerColors([...order, ...shares.map((slice) => slice.speaker)], theme, naming.roles);
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
          data: shares.map((slice, index) => ({
            id: index,
            value: slice.share,
            label: naming.nameOf(slice.speaker),
            color: colors.get(slice.speaker),
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
