import { SPEAKER_ROLES_KEY } from '@parley/contracts';

/**
 * What the fake model (fake-llm.ts) answers the pipeline's analysis of a conversation
 * (apps/server/src/modules/pipeline/analysis-request.ts): an answer for the JSON schema it asks for.
 */

/** A line of the transcript the pipeline sends: a recording's ('[4.0s] Channel 2: Hi, ...'), a chat's ('[2:00] Ann: Hi'). */
export interface TranscriptLine {
  start: number | null;
  speaker: string | null;
  text: string;
}

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  description?: string;
};

/** The text of the user message(s) of an Anthropic request. */
export function userText(body: unknown): string {
  const messages = (body as { messages?: Array<{ content?: unknown }> } | null)?.messages ?? [];
  return messages
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? message.content.map((part: { text?: string }) => part.text ?? '').join('\n')
          : '',
    )
    .join('\n');
}

/** Whether a request is the pipeline's analysis of a conversation (apps/server/.../analysis.ts). */
export function isAnalysisRequest(body: unknown): boolean {
  const text = userText(body);
  return text.startsWith('Conversation details:') && text.includes('\nTranscript:\n');
}

/** Whether a request is the pipeline's translation of a transcript's numbered segments (stages/translation.ts). */
export function isTranslationRequest(body: unknown): boolean {
  const properties = requestedSchema(body)?.properties ?? {};
  return Object.keys(properties).join() === 'segments';
}

/** The fake's translation: every numbered segment ('n. [speaker] text') as it is (the fake hears English). */
export function translationAnswer(body: unknown): { segments: Array<{ n: number; text: string }> } {
  const segments = userText(body)
    .split('\n')
    .map((line) => /^(\d+)\. \[[^\]]*\] (.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ n: Number(match[1]), text: match[2]! }));
  return { segments };
}

/** '4.0s', '2:00' or '1:02:00' in seconds. */
const stampSeconds = (stamp: string) =>
  stamp.endsWith('s')
    ? Number(stamp.slice(0, -1))
    : stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** The transcript lines of an analysis request. */
export function transcriptLines(body: unknown): TranscriptLine[] {
  const text = userText(body);
  const transcript = text.slice(text.indexOf('\nTranscript:\n') + '\nTranscript:\n'.length);
  return transcript
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(?:\[(\d+(?:\.\d+)?s|(?:\d+:)?\d+:\d{2})\] )?(?:([^:\n]{1,60}): )?(.*)$/.exec(line)!;
      return {
        start: match[1] === undefined ? null : stampSeconds(match[1]),
        speaker: match[2] ?? null,
        text: match[3] ?? line,
      };
    });
}

/** The JSON schema a structured-output request asks for: native output_config.format, or the forced tool's. */
export function requestedSchema(body: unknown): JsonSchema | null {
  const request = body as {
    output_config?: { format?: { schema?: JsonSchema } };
    output_format?: { schema?: JsonSchema };
    tools?: Array<{ name: string; input_schema?: JsonSchema }>;
    tool_choice?: { type: string; name?: string };
  };
  const native = request.output_config?.format?.schema ?? request.output_format?.schema;
  if (native) return native;
  const tools = request.tools ?? [];
  const forced =
    request.tool_choice?.type === 'tool'
      ? tools.find((tool) => tool.name === request.tool_choice?.name)
      : tools.length === 1
        ? tools[0]
        : undefined;
  return forced?.input_schema ?? null;
}

const isEvidence = (schema: JsonSchema) =>
  ['value', 'justification', 'quote', 'timestamp', 'unsure'].every((key) => key in (schema.properties ?? {}));

/** The justification the fake gives every field. */
export const FAKE_JUSTIFICATION = 'The fake model read this in the transcript.';
/** A field's answer scripted for the fake: the value with FAKE_JUSTIFICATION, no quote, sure of it. */
export const said = (value: unknown) => ({
  value,
  justification: FAKE_JUSTIFICATION,
  quote: '',
  timestamp: null,
  unsure: false,
});
/** What the fake answers for a free-text field `key`. */
export const fakeText = (key: string) => `${key} written by the fake model`;

/**
 * An answer for the schema of an analysis request (contracts' promptOutputSchemaWithEvidence), the same for
 * the same request:
 *  - text: fakeText(key); whole numbers and numbers: 1; yes/no: true; lists: [fakeText(key)];
 *  - a choice of values (ok, option, classification): the first; marks: the upper middle one (0-3 gives 2);
 *  - evidence: FAKE_JUSTIFICATION, never unsure, and the n-th field with evidence quotes the n-th timed transcript line
 *    (round robin) word for word, with its start time as the timestamp;
 *  - the top-level speaker_roles (asked when the conversation has speaker labels): see speakerRolesAnswer;
 *  - the top-level smart_trackers (the project's smart trackers): see smartTrackersAnswer.
 */
export function analysisAnswer(body: unknown): Record<string, unknown> {
  const schema = requestedSchema(body);
  if (!schema) throw new Error('The analysis request asks for no JSON schema');
  const lines = transcriptLines(body).filter((line) => line.text);
  let quoted = 0;

  const choose = (choices: unknown[]): unknown => {
    if (choices.length > 0 && choices.every((choice) => typeof choice === 'number')) {
      const sorted = [...(choices as number[])].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)];
    }
    return choices[0];
  };

  const answerFor = (node: JsonSchema, key: string): unknown => {
    if ('const' in node) return node.const;
    if (Array.isArray(node.enum)) return choose(node.enum.filter((choice) => choice !== null));
    const variants = (node.anyOf ?? node.oneOf)?.filter((variant) => variant.type !== 'null');
    if (variants?.length) {
      if (variants.every((variant) => 'const' in variant))
        return choose(variants.map((variant) => variant.const));
      return answerFor(variants[0]!, key);
    }
    const type = Array.isArray(node.type) ? node.type.find((candidate) => candidate !== 'null') : node.type;
    switch (type) {
      case 'object': {
        if (isEvidence(node)) {
          const line = lines.length ? lines[quoted++ % lines.length]! : null;
          return {
            value: answerFor(node.properties!.value!, key),
            justification: FAKE_JUSTIFICATION,
            quote: line?.text ?? '',
            timestamp: line?.start ?? null,
            unsure: false,
          };
        }
        return Object.fromEntries(
          Object.entries(node.properties ?? {}).map(([name, child]) => [name, answerFor(child, name)]),
        );
      }
      case 'array':
        return [answerFor(node.items ?? { type: 'string' }, key)];
      case 'string':
        return fakeText(key);
      case 'integer':
      case 'number':
        return 1;
      case 'boolean':
        return true;
      default:
        return null;
    }
  };
  const answered = answerFor(schema, '') as Record<string, unknown>;
  if (schema.properties?.[SPEAKER_ROLES_KEY]) answered[SPEAKER_ROLES_KEY] = speakerRolesAnswer(body);
  const smart = schema.properties?.[SMART_TRACKERS_KEY];
  if (smart) answered[SMART_TRACKERS_KEY] = smartTrackersAnswer(smart, lines);
  return answered;
}

const SMART_TRACKERS_KEY = 'smart_trackers';

/**
 * Each smart tracker's answer (its statement is in its description, `Statement: "…"`): said, quoting the first
 * transcript line that contains one of the statement's words of six letters or more (any case, any ending:
 * "cancel" in "cancelled"), word for word; not said when no line does.
 */
function smartTrackersAnswer(schema: JsonSchema, lines: readonly TranscriptLine[]) {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, node]) => {
      const statement = /Statement: "(.*)"\./s.exec(String(node.description ?? ''))?.[1] ?? '';
      return [key, statementAnswer(statement, lines)];
    }),
  );
}

function statementAnswer(statement: string, lines: readonly TranscriptLine[]) {
  const words = statement.toLowerCase().match(/\p{L}{6,}/gu) ?? [];
  const line = lines.find((candidate) => words.some((word) => candidate.text.toLowerCase().includes(word)));
  return line ? { said: true, quote: line.text } : { said: false, quote: null };
}

const STATEMENT_QUESTION = /^Statement: "(.*)"\n\nTranscript:\n/s;

/**
 * Whether a request is a smart tracker run's question about one past analysis
 * (apps/server/src/modules/trackers/smart-run.ts: the statement, then the transcript).
 */
export function isStatementQuestion(body: unknown): boolean {
  return STATEMENT_QUESTION.test(userText(body));
}

/** A smart tracker run's answer, as the analysis's smart_trackers answers the same statement. */
export function statementQuestionAnswer(body: unknown): { said: boolean; quote: string | null } {
  const statement = STATEMENT_QUESTION.exec(userText(body))?.[1] ?? '';
  return statementAnswer(
    statement,
    transcriptLines(body).filter((line) => line.text),
  );
}

/** The '- Representative: X' conversation detail of an analysis request, if given. */
function representativeDetail(body: unknown): string | null {
  const text = userText(body);
  const details = text.slice(0, text.indexOf('\nTranscript:\n'));
  return /^- Representative: (.+)$/im.exec(details)?.[1]?.trim() ?? null;
}

/**
 * The roles of the transcript's speakers (its distinct labels, in order): the one the Representative
 * detail names (case aside) is the representative, else the first speaker is; the others are customers.
 */
export function speakerRolesAnswer(body: unknown): Array<{ speaker: string; role: string }> {
  const labels = [...new Set(transcriptLines(body).flatMap((line) => (line.speaker ? [line.speaker] : [])))];
  const named = representativeDetail(body)?.toLowerCase();
  const representative = labels.find((label) => label.toLowerCase() === named) ?? labels[0];
  return labels.map((speaker) => ({
    speaker,
    role: speaker === representative ? 'representative' : 'customer',
  }));
}
