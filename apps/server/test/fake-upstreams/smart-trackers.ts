import { answer, type RecordedRequest, type Reply } from './scripted.ts';

/** The statements of the smart trackers a request asks, by answer key (t<id>), from the schema it sent. */
function askedStatements(body: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const description = (value as { description?: unknown } | null)?.description;
      const statement = typeof description === 'string' ? description.match(/^Statement: "(.*)"\./s) : null;
      if (/^t\d+$/.test(key) && statement) found.set(key, statement[1]!);
      else visit(value);
    }
  };
  visit(body);
  return found;
}

/** The statement a single-statement call asks (the priced run over past analyses), from its prompt. */
function singleStatement(request: RecordedRequest): string | null {
  return JSON.stringify(request.body).match(/Statement: \\"(.*?)\\"/)?.[1] ?? null;
}

/**
 * How the fake model answers smart trackers, deterministically: a statement is said when `quotes` has a quote
 * for it and the conversation sent contains that quote (it is answered), not said otherwise. An analysis call's answer is `base` (the scorecard's
 * fields) with the trackers' object its schema asks for; a single-statement call's is that statement's answer.
 */
export function answeringSmartTrackers(base: Record<string, unknown> | null, quotes: Record<string, string>) {
  return (request: RecordedRequest): Reply => {
    const conversation = JSON.stringify(request.body);
    const answerOf = (statement: string) => {
      const quote = quotes[statement];
      return quote !== undefined && conversation.includes(JSON.stringify(quote).slice(1, -1))
        ? { said: true, quote }
        : { said: false, quote: null };
    };
    if (base === null) return answer(answerOf(singleStatement(request) ?? ''));
    const asked = askedStatements(request.body);
    return answer({
      ...base,
      smart_trackers: Object.fromEntries([...asked].map(([key, statement]) => [key, answerOf(statement)])),
    });
  };
}
