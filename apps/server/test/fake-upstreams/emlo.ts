import { DEFAULT_USAGE, FakeUpstream, type Reply, type WireFormat } from './scripted.ts';

/**
 * Emotion Logic's cloud Audio Analysis API as its public documentation describes it: POST
 * /analysis/analyzeFile, multipart/form-data with the file, apiKey, apiKeyPassword,
 * consentObtainedFromDataSubject, sensitivity, outputType and requestId; the answer is
 * {success: true, data: {...}} with a report per channel, errors {success: false, error, errorCode}.
 */
export const emloFormat: WireFormat = {
  serves: (method, path) => method === 'POST' && path === '/analysis/analyzeFile',
  success: (reply, request) => ({
    success: true,
    data: {
      requestId: request.body?.requestId ?? null,
      ...(reply.kind === 'object' ? (reply.value as object) : { text: reply.text }),
    },
  }),
  error: (status, message) => ({ success: false, error: message, errorCode: status }),
};

/** A report in the shape of Emotion Logic's standard call-centre answer (abridged). */
export const emloReport = (channels = 1): Reply => ({
  kind: 'object',
  usage: DEFAULT_USAGE,
  value: {
    reports: Object.fromEntries(
      Array.from({ length: channels }, (_, channel) => [
        `channel-${channel}`,
        {
          profile: {
            stress: { averageLevel: 12 + channel, highPercentage: 3 },
            energy: { averageLevel: 40, highPercentage: 10 },
            emotional: { averageLevel: 21, highPercentage: 6 },
          },
          riskSummary: { overallRisk: 'low' },
        },
      ]),
    ),
    segments: {
      headers: ['channel', 'startPosSec', 'endPosSec', 'energy', 'stress'],
      data: [[0, 0, 1.5, 7, 2]],
    },
  },
});

/** Base URL: the origin (the client adds /analysis/analyzeFile). */
export async function startFakeEmlo(): Promise<FakeUpstream> {
  return FakeUpstream.start(emloFormat);
}
