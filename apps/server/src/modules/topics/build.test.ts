import { describe, expect, it } from 'vitest';
import { buildTopics, type ClusterFacts } from './build.ts';

const cluster = (number: number, count: number, previousCount: number): ClusterFacts => ({
  number,
  count,
  previousCount,
  topTerms: [`term${number}a`, `term${number}b`],
  typical: Array.from({ length: count }, (_, i) => number * 100 + i),
});

describe('buildTopics', () => {
  it('merges the clusters the model groups, keeps the ones it left out, most conversations first', () => {
    const clusters = [cluster(1, 10, 10), cluster(2, 6, 5), cluster(3, 8, 8)];
    const topics = buildTopics(clusters, {
      topics: [
        {
          name: 'Billing',
          description: 'Charged twice.',
          clusters: [1, 2, 99],
          phrases: ['charged twice', ' refund '],
        },
        { name: 'Again', description: '', clusters: [2], phrases: [] },
      ],
    });
    expect(topics.map((topic) => [topic.name, topic.count, topic.previousCount])).toEqual([
      ['Billing', 16, 15],
      ['term3a, term3b', 8, 8],
    ]);
    expect(topics[0]!.phrases).toEqual(['charged twice', 'refund']);
    // Examples interleave the merged clusters' typical conversations.
    expect(topics[0]!.examples.slice(0, 4)).toEqual([100, 200, 101, 201]);
    expect(topics[0]!.examples).toHaveLength(10);
  });

  it('flags as emerging the topics that grew most beyond the volume change, at most three', () => {
    // Twice the volume: a topic must reach 1.5 x twice its previous count.
    const clusters = [
      cluster(1, 40, 20), // grew with the volume only
      cluster(2, 30, 5), // 3 x
      cluster(3, 12, 0), // new: 12 x
      cluster(4, 4, 0), // too few
      cluster(5, 14, 4), // 1.75 x
      cluster(6, 20, 6), // 1.67 x
      cluster(7, 0, 25), // gone
    ];
    const none = { topics: [] };
    const emerging = buildTopics(clusters, none).filter((topic) => topic.emerging);
    expect(emerging.map((topic) => topic.count)).toEqual([30, 14, 12]);
  });

  it('flags nothing without a period before', () => {
    expect(buildTopics([cluster(1, 10, 0)], { topics: [] }).some((topic) => topic.emerging)).toBe(false);
  });
});
