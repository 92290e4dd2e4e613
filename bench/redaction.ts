/**
 * Redaction bench (issue 34): runs the redaction engine over the labelled corpus (bench/redaction/corpus.json,
 * written by bench/redaction/generate.ts) with every entity type, and prints recall and precision per entity
 * type and per language, the time redaction adds per minute of transcript, the issue's goals, and the first
 * misses so the engine can be tuned. A label is found when one span of an entity of its type covers all of it;
 * an entity span is a false positive when it overlaps no label of its type, or overlaps a near-miss that must
 * stay. Always exits 0: it is a bench, not a test.
 *
 *   npm run bench:redaction -w @parley/server
 *
 * Options (environment): BENCH_RUNS (timed runs per conversation, default 5).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { REDACTION_ENTITY_TYPES, type RedactionEntityType } from '@parley/contracts';
import {
  type RedactedEntity,
  redactConversation,
} from '../apps/server/src/modules/privacy/redaction/redact.ts';
import { CORPUS_FILE, type Conversation, type Corpus, LANGUAGES } from './redaction/generate.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Speech rate a call's transcript is timed against. */
const WORDS_PER_MINUTE = 150;
const MISSES_SHOWN = 40;
const GOALS = { strictRecall: 1, recall: 0.98, precision: 0.95, msPerMinute: 5 };
const STRICT_TYPES: RedactionEntityType[] = ['card_number', 'card_security_code'];
/** Types whose figures are printed per language as well: their words differ most between languages. */
const PER_LANGUAGE_TYPES: RedactionEntityType[] = ['postal_address', 'person_name'];

const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as Corpus;
const now = new Date(corpus.now);
const redact = (conversation: Conversation) =>
  redactConversation(
    conversation.pieces.map((piece) => piece.text),
    { types: REDACTION_ENTITY_TYPES, region: conversation.region, language: conversation.language, now },
  );

interface Tally {
  labels: number;
  found: number;
  spans: number;
  wrong: number;
}
const tally = (): Tally => ({ labels: 0, found: 0, spans: 0, wrong: 0 });
const byType = new Map<RedactionEntityType, Tally>(REDACTION_ENTITY_TYPES.map((type) => [type, tally()]));
const byLanguage = new Map<string, Tally>(LANGUAGES.map((language) => [language, tally()]));
const total = tally();
const byTypeLanguage = new Map(
  PER_LANGUAGE_TYPES.map((type) => [
    type,
    new Map<string, Tally>(LANGUAGES.map((language) => [language, tally()])),
  ]),
);
/** The tallies a label or span of `type` in `language` counts in. */
const talliesOf = (type: RedactionEntityType, language: string) => [
  byType.get(type)!,
  byLanguage.get(language)!,
  total,
  ...(byTypeLanguage.get(type)?.has(language) ? [byTypeLanguage.get(type)!.get(language)!] : []),
];
/** Missed labels and false positives, by language. */
const misses = new Map<string, string[]>(LANGUAGES.map((language) => [language, []]));
const falsePositives = new Map<string, string[]>(LANGUAGES.map((language) => [language, []]));

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

function context(conversation: Conversation, piece: number, start: number, end: number): string {
  const text = conversation.pieces[piece]!.text;
  return `${conversation.id}#${piece}: ${text.slice(Math.max(0, start - 30), start)}⟦${text.slice(start, end)}⟧${text.slice(end, end + 30)}`;
}

function judge(conversation: Conversation, entities: RedactedEntity[]) {
  for (const label of conversation.labels) {
    const found = entities.some(
      (entity) =>
        entity.type === label.type &&
        entity.spans.some(
          (span) => span.piece === label.piece && span.start <= label.start && span.end >= label.end,
        ),
    );
    for (const counts of talliesOf(label.type, conversation.language)) {
      counts.labels++;
      if (found) counts.found++;
    }
    if (!found) {
      const got = entities
        .filter((entity) => entity.spans.some((span) => span.piece === label.piece && overlaps(span, label)))
        .map((entity) => entity.type);
      misses
        .get(conversation.language)!
        .push(
          `${label.type.padEnd(18)} ${context(conversation, label.piece, label.start, label.end)}${got.length ? `  (found as ${got.join(', ')})` : ''}`,
        );
    }
  }
  for (const entity of entities) {
    for (const span of entity.spans) {
      const wrong =
        conversation.keep.some((keep) => keep.piece === span.piece && overlaps(keep, span)) ||
        !conversation.labels.some(
          (label) => label.type === entity.type && label.piece === span.piece && overlaps(label, span),
        );
      for (const counts of talliesOf(entity.type, conversation.language)) {
        counts.spans++;
        if (wrong) counts.wrong++;
      }
      if (wrong)
        falsePositives
          .get(conversation.language)!
          .push(`${entity.type.padEnd(18)} ${context(conversation, span.piece, span.start, span.end)}`);
    }
  }
}

const recall = (counts: Tally) => (counts.labels ? counts.found / counts.labels : 1);
const precision = (counts: Tally) => (counts.spans ? (counts.spans - counts.wrong) / counts.spans : 1);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`.padStart(8);

function table(title: string, rows: Map<string, Tally>, sum = total) {
  console.log(`\n${title.padEnd(20)}  labels   found   recall   spans   wrong precision`);
  for (const [name, counts] of [...rows, ['total', sum] as const]) {
    console.log(
      `${name.padEnd(20)} ${String(counts.labels).padStart(7)} ${String(counts.found).padStart(7)} ${percent(recall(counts))} ${String(counts.spans).padStart(7)} ${String(counts.wrong).padStart(7)} ${percent(precision(counts))}`,
    );
  }
}

/** Minutes of speech a conversation stands for, at WORDS_PER_MINUTE. */
const minutesOf = (conversation: Conversation) =>
  conversation.pieces.reduce((words, piece) => words + piece.text.split(/\s+/).filter(Boolean).length, 0) /
  WORDS_PER_MINUTE;

function timing() {
  for (let warmUp = 0; warmUp < 3; warmUp++)
    for (const conversation of corpus.conversations) redact(conversation);
  const perMinute: Record<'call' | 'chat' | 'all', number[]> = { call: [], chat: [], all: [] };
  let totalMs = 0;
  let totalMinutes = 0;
  for (const conversation of corpus.conversations) {
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      redact(conversation);
      runs.push(performance.now() - start);
    }
    const ms = runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    const minutes = minutesOf(conversation);
    totalMs += ms;
    totalMinutes += minutes;
    perMinute[conversation.kind].push(ms / minutes);
    perMinute.all.push(ms / minutes);
  }
  const quantile = (values: number[], q: number) =>
    values.sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
  console.log(
    `\nTime redaction adds (${WORDS_PER_MINUTE} words a minute; median of ${RUNS} runs per conversation, after a warm-up)`,
  );
  for (const [kind, values] of Object.entries(perMinute)) {
    console.log(
      `${kind.padEnd(6)} p50 ${quantile(values, 0.5).toFixed(2)} ms/min   p95 ${quantile(values, 0.95).toFixed(2)} ms/min   (${values.length} conversations)`,
    );
  }
  const overall = totalMs / totalMinutes;
  console.log(
    `overall ${overall.toFixed(2)} ms per minute of transcript (${totalMinutes.toFixed(0)} minutes in ${totalMs.toFixed(0)} ms)`,
  );
  return { overall, p95: quantile(perMinute.all, 0.95) };
}

for (const conversation of corpus.conversations) judge(conversation, redact(conversation).entities);

const calls = corpus.conversations.filter((conversation) => conversation.kind === 'call').length;
console.log(
  `Redaction corpus: ${corpus.conversations.length} conversations (${calls} calls, ${corpus.conversations.length - calls} chats), ${total.labels} labels, ${corpus.conversations.reduce((sum, c) => sum + c.keep.length, 0)} near-misses`,
);
table('entity type', byType);
table('language', byLanguage);
for (const [type, rows] of byTypeLanguage) table(`${type} by language`, rows, byType.get(type)!);
const speed = timing();

console.log('\nGoals');
const goal = (text: string, met: boolean) => console.log(`${met ? 'met    ' : 'NOT met'}  ${text}`);
for (const type of REDACTION_ENTITY_TYPES) {
  const strict = STRICT_TYPES.includes(type);
  const wanted = strict ? GOALS.strictRecall : GOALS.recall;
  const value = recall(byType.get(type)!);
  goal(`${type} recall ${percent(value).trim()} (goal ${strict ? '100 %' : '≥ 98 %'})`, value >= wanted);
}
goal(`precision ${percent(precision(total)).trim()} (goal ≥ 95 %)`, precision(total) >= GOALS.precision);
goal(
  `${speed.overall.toFixed(2)} ms per minute of transcript (goal ≤ 5 ms)`,
  speed.overall <= GOALS.msPerMinute,
);

/** The first lines of each language in turn, so that the list shows every language's kinds of miss. */
function listSpread(title: string, byLanguage: Map<string, string[]>) {
  const lines = [...byLanguage.values()];
  const count = lines.reduce((sum, list) => sum + list.length, 0);
  const shown: string[] = [];
  for (let i = 0; shown.length < Math.min(MISSES_SHOWN, count); i++) {
    for (const list of lines) if (list[i] !== undefined && shown.length < MISSES_SHOWN) shown.push(list[i]!);
  }
  console.log(`\n${title} (${count}; ${shown.length} shown, taken from each language in turn)`);
  for (const line of shown) console.log(`  ${line}`);
}

listSpread('Missed labels', misses);
listSpread('False positives', falsePositives);
