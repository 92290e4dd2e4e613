import type { ChangeRequest } from '@parley/contracts';

/** Test fixtures of the change-request pages (not used by the app). */

export function changeRequestFixture(overrides: Partial<ChangeRequest> = {}): ChangeRequest {
  return {
    id: 9,
    project_id: 5,
    task_id: 42,
    kind: 'field',
    status: 'open',
    requester: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
    created_at: '2026-03-11T10:00:00.000Z',
    title: 'Pricing call with Acme',
    representative: 'Alice',
    department: 'Sales',
    analysis_prompt_id: 3,
    items: [
      {
        path: 'Sentiment',
        label: 'Sentiment',
        field_type: 'option',
        ai_value: 'positive',
        proposed_value: 'negative',
        approved_value: null,
      },
    ],
    prompt_id: null,
    prompt_name: null,
    reason: 'The customer complained twice.',
    transcript_moment: { seconds: 4.5, quote: 'Hi, I have a question about pricing?' },
    reviewer: null,
    reviewed_at: null,
    review_reason: null,
    can_review: true,
    ...overrides,
  };
}

export function listAnswer(
  items: ChangeRequest[],
  counts = { open: items.length, approved: 0, rejected: 0 },
) {
  return { data: { items, total: items.length, page: 1, page_size: 25, counts } };
}
