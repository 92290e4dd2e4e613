import { FakeUpstream, type WireFormat } from './scripted.ts';

const STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/** The model a generateContent path names: /v1beta/models/{model}:generateContent. */
export function geminiModel(path: string): string | null {
  return /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path)?.[1] ?? null;
}

/** Google's Gemini API (generateContent), non-streaming, with structured output as the part's text. */
export const geminiFormat: WireFormat = {
  serves: (method, path) => method === 'POST' && geminiModel(path) !== null,
  success: (reply, request) => ({
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ text: reply.kind === 'object' ? JSON.stringify(reply.value) : reply.text }],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: reply.usage.input,
      candidatesTokenCount: reply.usage.output,
      totalTokenCount: reply.usage.input + reply.usage.output,
    },
    modelVersion: geminiModel(request.path),
  }),
  error: (status, message) => ({ error: { code: status, message, status: STATUSES[status] ?? 'INTERNAL' } }),
};

/** Base URL for the SDK: `${origin}/v1beta`. */
export async function startFakeGemini(): Promise<FakeUpstream> {
  return FakeUpstream.start(geminiFormat);
}
