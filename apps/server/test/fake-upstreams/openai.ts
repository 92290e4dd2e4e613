import { FakeUpstream, type SuccessReply, type WireFormat } from './scripted.ts';

const replyText = (reply: SuccessReply) =>
  reply.kind === 'object' ? JSON.stringify(reply.value) : reply.text;

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  429: 'rate_limit_exceeded',
};

/**
 * OpenAI's API under /v1: chat completions (also spoken by Groq and OpenAI-compatible servers) and the
 * Responses API, non-streaming, with structured output returned as the message text.
 */
export const openaiFormat: WireFormat = {
  serves: (method, path) => method === 'POST' && /^\/v1\/(chat\/completions|responses)$/.test(path),
  success: (reply, request) => {
    const created = Math.floor(Date.now() / 1000);
    if (request.path === '/v1/responses') {
      return {
        id: `resp_${created}`,
        object: 'response',
        created_at: created,
        status: 'completed',
        model: request.body.model,
        output: [
          {
            type: 'message',
            id: `msg_${created}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: replyText(reply), annotations: [] }],
          },
        ],
        incomplete_details: null,
        usage: {
          input_tokens: reply.usage.input,
          output_tokens: reply.usage.output,
          total_tokens: reply.usage.input + reply.usage.output,
        },
      };
    }
    return {
      id: `chatcmpl-${created}`,
      object: 'chat.completion',
      created,
      model: request.body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: replyText(reply), refusal: null },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: reply.usage.input,
        completion_tokens: reply.usage.output,
        total_tokens: reply.usage.input + reply.usage.output,
      },
    };
  },
  error: (status, message) => ({
    error: { message, type: ERROR_TYPES[status] ?? 'server_error', param: null, code: null },
  }),
};

/** Base URL for the SDKs: `${origin}/v1`. */
export async function startFakeOpenAI(): Promise<FakeUpstream> {
  return FakeUpstream.start(openaiFormat);
}
