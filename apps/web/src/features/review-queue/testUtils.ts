import type {
  Assignment,
  CalibrationComparison,
  CalibrationDetail,
  CalibrationSession,
  Member,
  ReviewerProgress,
  SamplingRule,
} from '@parley/contracts';

/** Test fixtures of the reviews page (not used by the app). */

export function assignmentFixture(id: number, overrides: Partial<Assignment> = {}): Assignment {
  return {
    id,
    task_id: 40 + id,
    rule: { id: 3, name: 'Weekly sample' },
    reviewer: { id: 1, name: 'Ada Lovelace' },
    week: '2026-03-09',
    status: 'open',
    assigned_at: '2026-03-09T08:00:00.000Z',
    done_at: null,
    analysis: {
      title: `Call ${id}`,
      file_name: `call-${id}.mp3`,
      representative: 'Alice',
      department: 'Sales',
      prompt_name: 'Sales Call',
      final_score: 72.5,
      conversation_at: '2026-03-05T10:00:00.000Z',
    },
    ...overrides,
  };
}

export function progressFixture(overrides: Partial<ReviewerProgress> = {}): ReviewerProgress {
  return { reviewer: { id: 1, name: 'Ada Lovelace' }, done: 12, in_progress: 3, total: 20, ...overrides };
}

export function queueAnswer(items: Assignment[], progress = progressFixture(), week = '2026-03-09') {
  return { data: items, meta: { week, progress, page: 1, per_page: 50, total: items.length } };
}

export function overviewAnswer(items: Assignment[], reviewers = [progressFixture()], week = '2026-03-09') {
  return { data: items, meta: { week, reviewers, page: 1, per_page: 50, total: items.length } };
}

export function ruleFixture(id: number, overrides: Partial<SamplingRule> = {}): SamplingRule {
  return {
    id,
    name: 'Weekly sample',
    kind: 'random',
    per_representative: 3,
    score_below: null,
    prompt_id: 11,
    field_path: null,
    department: null,
    since: null,
    until: null,
    reviewer_ids: [],
    weekly_goal: 20,
    enabled: true,
    created_by: { id: 1, name: 'Ada Lovelace' },
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    last_run_at: null,
    assigned_this_week: 14,
    ...overrides,
  };
}

export function memberFixture(userId: number, overrides: Partial<Member> = {}): Member {
  return {
    user_id: userId,
    name: `Member ${userId}`,
    email: `member${userId}@example.com`,
    role: 'user',
    reviewer: false,
    joined_at: '2026-01-01T00:00:00.000Z',
    deactivated: false,
    ...overrides,
  };
}

/** An open session of three (Ada, Grace, Linus), two of whom submitted; the caller (Ada) is still to review. */
export function calibrationFixture(
  id: number,
  overrides: Partial<CalibrationSession> = {},
): CalibrationSession {
  return {
    id,
    task_id: 40 + id,
    name: 'Refund calls',
    status: 'open',
    created_by: { id: 1, name: 'Ada Lovelace' },
    created_at: '2026-03-10T09:00:00.000Z',
    closed_at: null,
    participants: [
      { id: 1, name: 'Ada Lovelace', submitted_at: null },
      { id: 2, name: 'Grace Hopper', submitted_at: '2026-03-10T10:00:00.000Z' },
      { id: 4, name: 'Linus', submitted_at: '2026-03-10T11:00:00.000Z' },
    ],
    submitted: 2,
    is_participant: true,
    answers_visible: false,
    analysis: {
      title: `Call ${id}`,
      file_name: `call-${id}.mp3`,
      representative: 'Alice',
      prompt_name: 'Sales Call',
    },
    ...overrides,
  };
}

/** Grace and Linus agree that the caller greeted, and differ on the empathy mark. */
export function comparisonFixture(): CalibrationComparison {
  return {
    fields: [
      {
        path: 'Greeted',
        field_type: 'bool',
        ai_value: true,
        answers: [
          { reviewer_id: 2, value: true, comment: null },
          { reviewer_id: 4, value: true, comment: null },
        ],
        agreed: true,
      },
      {
        path: 'Empathy',
        field_type: 'int',
        ai_value: 4,
        answers: [
          { reviewer_id: 2, value: 2, comment: 'Interrupted twice.' },
          { reviewer_id: 4, value: null, comment: null },
        ],
        agreed: false,
      },
    ],
    scores: [
      { reviewer_id: 2, score: 60 },
      { reviewer_id: 4, score: 75 },
    ],
    ai_score: 80,
    score_mode: 'percent',
    agreement: 0.5,
  };
}

export function calibrationDetail(id: number, overrides: Partial<CalibrationDetail> = {}): CalibrationDetail {
  return { ...calibrationFixture(id), comparison: null, ...overrides };
}
