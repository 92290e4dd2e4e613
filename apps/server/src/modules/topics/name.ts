import type { ClusterFacts } from './build.ts';

/** Sample texts of each cluster the model reads. */
export const SAMPLES_PER_CLUSTER = 5;

export const TOPIC_INSTRUCTIONS = `You name the topics customers called about. The conversations of a period were grouped by the words of their summaries; you receive each group ("cluster") with its number, its conversations in the period and in the period before, its most telling words (word stems) and sample summaries.

Answer with topics: each has
- name: two to five words saying what the customers called about (e.g. "Delayed installation"), not how the call went;
- description: one sentence about what these customers want or report;
- clusters: the numbers of the clusters it covers. Merge clusters about the same subject into one topic; put every cluster in exactly one topic;
- phrases: three to eight short keyword phrases (one to three words each) a customer would say about it, for a keyword tracker that finds such conversations; words as people say them, not stems.

Write names, descriptions and phrases in the language of the summaries.`;

/** The clusters as the model reads them. */
export function topicPrompt(clusters: ClusterFacts[], samples: Map<number, string>): string {
  const shown = clusters.map((cluster) => ({
    cluster: cluster.number,
    conversations: cluster.count,
    previous_period: cluster.previousCount,
    words: cluster.topTerms,
    samples: cluster.typical.slice(0, SAMPLES_PER_CLUSTER).flatMap((id) => samples.get(id) ?? []),
  }));
  // bench/topics.ts and the tests' fake model read the clusters from between these tags.
  return `<clusters>\n${JSON.stringify(shown)}\n</clusters>`;
}
