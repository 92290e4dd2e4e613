import { FakeUpstream, type RecordedRequest, type SuccessReply, type WireFormat } from './scripted.ts';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/**
 * The tool a request forces the model to call: a named tool choice, or the only tool with choice 'any'.
 * Structured output uses native `output_config.format` on current models and, on older ones, a single
 * 'json' tool with tool_choice 'any' (what @ai-sdk/anthropic sends).
 */
export function forcedTool(request: RecordedRequest): string | null {
  const choice = request.body.tool_choice;
  const tools: Array<{ name: string }> = request.body.tools ?? [];
  if (choice?.type === 'tool') return choice.name;
  if (choice?.type === 'any' && tools.length === 1) return tools[0]!.name;
  return null;
}

function content(reply: SuccessReply, request: RecordedRequest) {
  const tool = forcedTool(request);
  if (tool && reply.kind === 'object') {
    return [{ type: 'tool_use', id: 'toolu_fake', name: tool, input: reply.value }];
  }
  const text = reply.kind === 'object' ? JSON.stringify(reply.value) : reply.text;
  return [{ type: 'text', text }];
}

/** What the fake's GET /v1/models lists: current models, a newer one, none of the retired ones. */
export const FAKE_ANTHROPIC_MODELS = [
  { id: 'claude-sonnet-5', display_name: 'Claude Sonnet 5', created_at: '2026-09-01T00:00:00Z' },
  { id: 'claude-opus-4-5-20251101', display_name: 'Claude Opus 4.5', created_at: '2025-11-01T00:00:00Z' },
  { id: 'claude-haiku-4-5-20251001', display_name: 'Claude Haiku 4.5', created_at: '2025-10-01T00:00:00Z' },
  { id: 'claude-sonnet-4-5-20250929', display_name: 'Claude Sonnet 4.5', created_at: '2025-09-29T00:00:00Z' },
];

/** GET /v1/models as Anthropic pages it: newest first, `limit` (default 20) after `after_id`. */
function modelsPage(request: RecordedRequest) {
  const limit = Math.min(Number(request.query?.get('limit') ?? 20), 1000);
  const after = request.query?.get('after_id');
  const start = after ? FAKE_ANTHROPIC_MODELS.findIndex((model) => model.id === after) + 1 : 0;
  const data = FAKE_ANTHROPIC_MODELS.slice(start, start + limit).map((model) => ({
    type: 'model',
    ...model,
  }));
  return {
    data,
    has_more: start + limit < FAKE_ANTHROPIC_MODELS.length,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  };
}

/** Anthropic's Messages API (POST /v1/messages), non-streaming, and its model list (GET /v1/models). */
export const anthropicFormat: WireFormat = {
  serves: (method, path) =>
    (method === 'POST' && path === '/v1/messages') || (method === 'GET' && path === '/v1/models'),
  automatic: (request) => (request.method === 'GET' ? modelsPage(request) : undefined),
  success: (reply, request) => {
    const blocks = content(reply, request);
    return {
      id: `msg_fake_${Date.now()}`,
      type: 'message',
      role: 'assistant',
      model: request.body.model,
      content: blocks,
      stop_reason: blocks[0]!.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: reply.usage.input, output_tokens: reply.usage.output },
    };
  },
  error: (status, message) => ({
    type: 'error',
    error: { type: ERROR_TYPES[status] ?? 'api_error', message },
  }),
};

/** Base URL for the SDK: `${origin}/v1`. */
export async function startFakeAnthropic(): Promise<FakeUpstream> {
  return FakeUpstream.start(anthropicFormat);
}
