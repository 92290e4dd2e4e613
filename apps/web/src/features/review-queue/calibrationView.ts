import type { CalibrationSession } from '@parley/contracts';
import type { TFunction } from 'i18next';

/** The analysis as the review queue names it: its title, else its file name, else its number. */
export const analysisName = (session: CalibrationSession, t: TFunction) =>
  session.analysis.title ||
  session.analysis.file_name ||
  t('reviewQueue.table.untitled', { id: session.task_id });

/** The session's name, else "Calibration of <analysis>". */
export const sessionTitle = (session: CalibrationSession, t: TFunction) =>
  session.name || t('calibration.titleOf', { name: analysisName(session, t) });

/** The caller takes part and has not submitted while the session is open (their answers are hidden till then). */
export const awaitsMyReview = (session: CalibrationSession) =>
  session.status === 'open' && session.is_participant && !session.answers_visible;
