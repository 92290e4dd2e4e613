import { TOPICS, type TopicModelAnswer } from '@parley/contracts';

/** A cluster as the model is shown it and the topics are made of it. */
export interface ClusterFacts {
  /** 1-based, as the model is shown it. */
  number: number;
  count: number;
  previousCount: number;
  topTerms: string[];
  /** The cluster's conversations of the period, the most typical first. */
  typical: number[];
}

export interface TopicDraft {
  name: string;
  description: string;
  count: number;
  previousCount: number;
  emerging: boolean;
  phrases: string[];
  terms: string[];
  /** Task ids, the most typical first. */
  examples: number[];
}

const NAME_MAX = 120;
const DESCRIPTION_MAX = 500;
const PHRASE_MAX = 100;
/** A topic needs this many conversations in the period to be emerging. */
export const EMERGING_MIN_COUNT = 5;
/** ... and this many times what the period before would give at this period's volume. */
export const EMERGING_GROWTH = 1.5;
/** At most this many topics are emerging: the ones that grew most. */
export const EMERGING_MAX = 3;

const cut = (text: string, max: number) => text.trim().replace(/\s+/g, ' ').slice(0, max);

/** Interleaves the clusters' typical conversations (the first of each, then the second ...), up to `max`. */
function interleaved(lists: number[][], max: number): number[] {
  const out: number[] = [];
  for (let i = 0; out.length < max && lists.some((list) => i < list.length); i++)
    for (const list of lists) if (i < list.length && out.length < max) out.push(list[i]!);
  return out;
}

function topicOf(
  merged: ClusterFacts[],
  named: { name: string; description: string; phrases: string[] } | null,
): TopicDraft {
  const terms = [...new Set(merged.flatMap((cluster) => cluster.topTerms))].slice(0, 10);
  const phrases = named
    ? [...new Set(named.phrases.map((phrase) => cut(phrase, PHRASE_MAX)).filter(Boolean))]
    : terms.slice(0, 3);
  return {
    name: cut(named?.name || terms.slice(0, 3).join(', '), NAME_MAX),
    description: cut(named?.description ?? '', DESCRIPTION_MAX),
    count: merged.reduce((sum, cluster) => sum + cluster.count, 0),
    previousCount: merged.reduce((sum, cluster) => sum + cluster.previousCount, 0),
    emerging: false,
    phrases: phrases.slice(0, TOPICS.phrasesMax),
    terms,
    examples: interleaved(
      merged.map((cluster) => cluster.typical),
      TOPICS.examplesKept,
    ),
  };
}

/**
 * The topics of the model's answer: each merges the clusters it names (a cluster goes to the first topic that
 * names it; numbers the model made up are ignored), and a cluster the model left out stays a topic of its own,
 * named by its top terms. Topics without conversations in either period are left out; most conversations first.
 */
export function buildTopics(clusters: ClusterFacts[], answer: TopicModelAnswer): TopicDraft[] {
  const byNumber = new Map(clusters.map((cluster) => [cluster.number, cluster]));
  const used = new Set<number>();
  const drafts: TopicDraft[] = [];
  for (const topic of answer.topics) {
    const merged = topic.clusters.flatMap((number) => {
      const cluster = byNumber.get(number);
      if (!cluster || used.has(number)) return [];
      used.add(number);
      return [cluster];
    });
    if (merged.length > 0) drafts.push(topicOf(merged, topic));
  }
  for (const cluster of clusters) if (!used.has(cluster.number)) drafts.push(topicOf([cluster], null));
  return markEmerging(
    drafts.filter((draft) => draft.count + draft.previousCount > 0).sort((a, b) => b.count - a.count),
    clusters,
  );
}

/**
 * Emerging: the topics (at most EMERGING_MAX) with at least EMERGING_MIN_COUNT conversations that have at least
 * EMERGING_GROWTH times the conversations the period before would give at this period's volume (a new topic
 * counts as having one before), the ones that grew most by that ratio.
 */
export function markEmerging(drafts: TopicDraft[], clusters: ClusterFacts[]): TopicDraft[] {
  const total = clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  const previousTotal = clusters.reduce((sum, cluster) => sum + cluster.previousCount, 0);
  const scale = previousTotal === 0 ? 1 : total / previousTotal;
  const growth = (draft: TopicDraft) => draft.count / Math.max(1, draft.previousCount * scale);
  const emerging = drafts
    .filter(
      (draft) => previousTotal > 0 && draft.count >= EMERGING_MIN_COUNT && growth(draft) >= EMERGING_GROWTH,
    )
    .sort((a, b) => growth(b) - growth(a) || b.count - a.count)
    .slice(0, EMERGING_MAX);
  return drafts.map((draft) => ({ ...draft, emerging: emerging.includes(draft) }));
}
