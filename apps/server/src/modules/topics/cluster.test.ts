import { describe, expect, it } from 'vitest';
import { clusterTerms } from './cluster.ts';

/** Stemmed summaries of three plain subjects, with some words every conversation shares. */
const SUBJECTS = {
  billing: ['invoic', 'charg', 'twice', 'refund', 'bill'],
  delivery: ['deliveri', 'late', 'parcel', 'track', 'courier'],
  password: ['password', 'reset', 'login', 'account', 'lock'],
} as const;

function summaries(perSubject: number) {
  const inputs: Array<{ terms: string[]; subject: string }> = [];
  for (let i = 0; i < perSubject; i++) {
    for (const [subject, words] of Object.entries(SUBJECTS)) {
      // Each summary has three of its subject's five words (varying), and words of every call.
      const terms = [words[i % 5]!, words[(i + 1) % 5]!, words[(i + 3) % 5]!, 'custom', 'call', 'agent'];
      inputs.push({ terms, subject });
    }
  }
  return inputs;
}

describe('clusterTerms', () => {
  it('finds obvious groups: every cluster holds one subject, and each subject is in clusters of its own', () => {
    const inputs = summaries(40);
    const clusters = clusterTerms(inputs, { maxClusters: 3 });
    expect(clusters).toHaveLength(3);
    const subjects = clusters.map((cluster) => new Set(cluster.members.map((i) => inputs[i]!.subject)));
    for (const subject of subjects) expect(subject.size).toBe(1);
    expect(new Set(subjects.map((s) => [...s][0])).size).toBe(3);
    expect(clusters.map((cluster) => cluster.members.length)).toEqual([40, 40, 40]);
  });

  it("names each cluster by its subject's words, not by the words of every call", () => {
    const inputs = summaries(30);
    const clusters = clusterTerms(inputs, { maxClusters: 3, topTerms: 5 });
    for (const cluster of clusters) {
      const subject = inputs[cluster.members[0]!]!.subject as keyof typeof SUBJECTS;
      expect(new Set(cluster.topTerms)).toEqual(new Set(SUBJECTS[subject]));
    }
  });

  it('gives the same clusters for the same inputs (seeded), members most typical first', () => {
    const inputs = summaries(20);
    expect(clusterTerms(inputs)).toEqual(clusterTerms(inputs));
    const clusters = clusterTerms(
      [
        { terms: ['refund', 'invoic', 'charg'] },
        { terms: ['refund', 'invoic'] },
        { terms: ['refund', 'invoic', 'charg'] },
        { terms: ['parcel', 'late'] },
        { terms: ['parcel', 'late'] },
        { terms: ['parcel', 'late'] },
      ],
      { maxClusters: 2 },
    );
    const billing = clusters.find((cluster) => cluster.members.includes(1));
    expect(billing!.members).toHaveLength(3);
    expect(billing!.members.at(-1)).toBe(1);
  });

  it('leaves out inputs without a term seen twice, and answers nothing for no terms', () => {
    const clusters = clusterTerms([
      { terms: ['refund'] },
      { terms: ['refund'] },
      { terms: ['unique'] },
      { terms: [] },
    ]);
    expect(clusters.flatMap((cluster) => cluster.members).sort()).toEqual([0, 1]);
    expect(clusterTerms([{ terms: [] }])).toEqual([]);
  });
});
