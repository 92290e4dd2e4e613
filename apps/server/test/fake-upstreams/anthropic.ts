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

/** Anthropic's Messages API (POST /v1/messages), non-streaming. */
export const anthropicFormat: WireFormat = {
  serves: (method, path) => method === 'POST' && path === '/v1/messages',
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
