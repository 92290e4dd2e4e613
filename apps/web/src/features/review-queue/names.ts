// How the reviews page names its rows (assignments, calibration sessions) and whose turn a session is.

import type { CalibrationSession } from '@parley/contracts';
import type { TFunction } from 'i18next';

/** An assignment's or a session's analysis as the reviews page names it: its title, else its file name, else its number. */
export const analysisName = (
  row: { task_id: number; analysis: { title: string | null; file_name: string | null } },
  t: TFunction,
) => row.analysis.title || row.analysis.file_name || t('reviewQueue.table.untitled', { id: row.task_id });

/** The session's name, else "Calibration of <analysis>". */
export const sessionTitle = (session: CalibrationSession, t: TFunction) =>
  session.name || t('calibration.titleOf', { name: analysisName(session, t) });

/** The caller takes part and has not submitted while the session is open (their answers are hidden till then). */
export const awaitsMyReview = (session: CalibrationSession) =>
  session.status === 'open' && session.is_participant && !session.answers_visible;
