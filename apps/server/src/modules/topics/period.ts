import { addDays, daysBetween, TOPIC_TEXTS, TOPICS, type TopicPeriodRequest } from '@parley/contracts';
import { badRequest } from '../../errors.ts';

/** A run's period and the period of the same length just before it (project days, both ends included). */
export interface TopicPeriod {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
}

const today = (now: Date) => now.toISOString().slice(0, 10);
/** addDays of a day already checked (Day or today): never null. */
const shifted = (day: string, count: number) => addDays(day, count)!;

/** The period asked (400 when it ends before it starts or is too long), else the last TOPICS.defaultPeriodDays days. */
export function periodOf(asked: TopicPeriodRequest, now = new Date()): TopicPeriod {
  const end = asked.end_date ?? today(now);
  const start = asked.start_date ?? shifted(end, -(TOPICS.defaultPeriodDays - 1));
  const days = daysBetween(start, end) ?? 0;
  if (days <= 0) throw badRequest(TOPIC_TEXTS.startAfterEnd, 'invalid_period', 'start_date');
  if (days > TOPICS.periodDaysMax)
    throw badRequest(
      TOPIC_TEXTS.periodTooLong.replace('{days}', String(TOPICS.periodDaysMax)),
      'invalid_period',
    );
  return { start, end, previousStart: shifted(start, -days), previousEnd: shifted(start, -1) };
}

/** The calendar month before the one `now` is in (UTC): what the monthly run covers. */
export function previousMonth(now: Date): TopicPeriod {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const beforeFirst = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return {
    start: today(first),
    end: today(last),
    previousStart: today(beforeFirst),
    previousEnd: shifted(today(first), -1),
  };
}
