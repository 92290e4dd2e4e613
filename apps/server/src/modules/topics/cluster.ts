/**
 * Grouping conversations by the words of their summaries, in process and without a model: TF-IDF vectors of
 * each summary's lexemes (PostgreSQL's to_tsvector gives them, stemmed and without stop words where it has the
 * language), then spherical k-means (cosine similarity) seeded by k-means++ with a fixed seed, so the same
 * summaries always give the same groups. 100,000 summaries take a few seconds (bench/topics.ts).
 */

export interface ClusterInput {
  /** The distinct lexemes of one conversation's summary. */
  terms: readonly string[];
}

export interface Cluster {
  /** Indexes of the inputs in the cluster, the most typical first (closest to its centre). */
  members: number[];
  /** The terms that weigh most in its centre, heaviest first. */
  topTerms: string[];
}

export interface ClusterOptions {
  /** Most clusters made (fewer for few inputs: about the square root of half of them). */
  maxClusters: number;
  /** Terms kept (those in the most inputs, leaving out the ones in more than half of them). */
  vocabulary: number;
  iterations: number;
  topTerms: number;
  seed: number;
}

export const CLUSTER_DEFAULTS: ClusterOptions = {
  maxClusters: 30,
  vocabulary: 4000,
  iterations: 25,
  topTerms: 10,
  seed: 38,
};

/** A term must appear in at least this many inputs to count (a typo or a number says nothing about a topic). */
const MIN_DOCUMENT_FREQUENCY = 2;
/** A term in more than this share of the inputs is a word of every conversation, not of a topic. */
const MAX_DOCUMENT_SHARE = 0.5;
/** k-means++ picks its seeds from at most this many inputs. */
const SEEDING_SAMPLE = 5000;

/** mulberry32: a small seeded generator (the grouping must not change from one run to the next). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SparseVector {
  indexes: Int32Array;
  weights: Float32Array;
}

/** The kept terms (by index) with their inverse document frequencies. */
function vocabularyOf(inputs: readonly ClusterInput[], size: number) {
  const frequency = new Map<string, number>();
  for (const input of inputs)
    for (const term of input.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const most = inputs.length * MAX_DOCUMENT_SHARE;
  const kept = [...frequency]
    .filter(([, df]) => df >= MIN_DOCUMENT_FREQUENCY && (df <= most || inputs.length < 4))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, size);
  const index = new Map(kept.map(([term], i) => [term, i]));
  const idf = Float32Array.from(kept, ([, df]) => Math.log((1 + inputs.length) / (1 + df)) + 1);
  return { terms: kept.map(([term]) => term), index, idf };
}

/** Binary term weights times IDF, of unit length; null for an input with none of the kept terms. */
function vectorOf(input: ClusterInput, index: Map<string, number>, idf: Float32Array): SparseVector | null {
  const indexes = [...new Set(input.terms.flatMap((term) => index.get(term) ?? []))].sort((a, b) => a - b);
  if (indexes.length === 0) return null;
  const weights = Float32Array.from(indexes, (i) => idf[i]!);
  const norm = Math.hypot(...weights);
  for (let i = 0; i < weights.length; i++) weights[i]! /= norm;
  return { indexes: Int32Array.from(indexes), weights };
}

function dot(vector: SparseVector, centres: Float32Array, offset: number): number {
  let sum = 0;
  for (let i = 0; i < vector.indexes.length; i++)
    sum += vector.weights[i]! * centres[offset + vector.indexes[i]!]!;
  return sum;
}

/** k-means++ on a sample: each next seed drawn with a chance growing with its distance to the seeds so far. */
function seedCentres(vectors: SparseVector[], k: number, size: number, next: () => number): Float32Array {
  const step = Math.max(1, Math.floor(vectors.length / SEEDING_SAMPLE));
  const sample = vectors.filter((_, i) => i % step === 0);
  const centres = new Float32Array(k * size);
  const place = (vector: SparseVector, cluster: number) => {
    for (let i = 0; i < vector.indexes.length; i++)
      centres[cluster * size + vector.indexes[i]!] = vector.weights[i]!;
  };
  place(sample[Math.floor(next() * sample.length)]!, 0);
  const distance = new Float64Array(sample.length).fill(Number.POSITIVE_INFINITY);
  for (let c = 1; c < k; c++) {
    let total = 0;
    for (let i = 0; i < sample.length; i++) {
      distance[i] = Math.min(distance[i]!, Math.max(0, 1 - dot(sample[i]!, centres, (c - 1) * size)));
      total += distance[i]!;
    }
    let target = next() * total;
    let chosen = sample.length - 1;
    for (let i = 0; i < sample.length && total > 0; i++) {
      target -= distance[i]!;
      if (target <= 0) {
        chosen = i;
        break;
      }
    }
    place(sample[chosen]!, c);
  }
  return centres;
}

/** Each centre: the normalised mean of its members (a centre without members keeps its place). */
function recentre(
  vectors: SparseVector[],
  assigned: Int32Array,
  centres: Float32Array,
  k: number,
  size: number,
) {
  const sums = new Float32Array(k * size);
  for (let d = 0; d < vectors.length; d++) {
    const vector = vectors[d]!;
    const offset = assigned[d]! * size;
    for (let i = 0; i < vector.indexes.length; i++) sums[offset + vector.indexes[i]!]! += vector.weights[i]!;
  }
  for (let c = 0; c < k; c++) {
    const centre = sums.subarray(c * size, (c + 1) * size);
    let norm = 0;
    for (const weight of centre) norm += weight * weight;
    if (norm === 0) continue;
    norm = Math.sqrt(norm);
    for (let i = 0; i < size; i++) centres[c * size + i] = centre[i]! / norm;
  }
}

/**
 * Groups the inputs by their terms. Inputs without a kept term are in no cluster; empty clusters are left
 * out; clusters come largest first.
 */
export function clusterTerms(
  inputs: readonly ClusterInput[],
  options: Partial<ClusterOptions> = {},
): Cluster[] {
  const settings = { ...CLUSTER_DEFAULTS, ...options };
  const { terms, index, idf } = vocabularyOf(inputs, settings.vocabulary);
  const size = terms.length;
  const positions: number[] = [];
  const vectors: SparseVector[] = [];
  inputs.forEach((input, position) => {
    const vector = vectorOf(input, index, idf);
    if (vector) {
      positions.push(position);
      vectors.push(vector);
    }
  });
  if (vectors.length === 0) return [];
  const k = Math.min(
    vectors.length,
    settings.maxClusters,
    Math.max(2, Math.round(Math.sqrt(vectors.length / 2))),
  );
  const centres = seedCentres(vectors, k, size, random(settings.seed));
  const assigned = new Int32Array(vectors.length).fill(-1);
  const similarity = new Float32Array(vectors.length);
  for (let iteration = 0; iteration < settings.iterations; iteration++) {
    let moved = 0;
    for (let d = 0; d < vectors.length; d++) {
      let best = 0;
      let bestSimilarity = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        const s = dot(vectors[d]!, centres, c * size);
        if (s > bestSimilarity) {
          best = c;
          bestSimilarity = s;
        }
      }
      if (assigned[d] !== best) moved++;
      assigned[d] = best;
      similarity[d] = bestSimilarity;
    }
    if (moved === 0) break;
    recentre(vectors, assigned, centres, k, size);
  }
  const members = Array.from({ length: k }, () => [] as number[]);
  for (let d = 0; d < vectors.length; d++) members[assigned[d]!]!.push(d);
  return members
    .map((of, c) => {
      const centre = centres.subarray(c * size, (c + 1) * size);
      const topTerms = [...centre.keys()]
        .filter((i) => centre[i]! > 0)
        .sort((a, b) => centre[b]! - centre[a]! || a - b)
        .slice(0, settings.topTerms)
        .map((i) => terms[i]!);
      const ordered = of.sort((a, b) => similarity[b]! - similarity[a]! || a - b).map((d) => positions[d]!);
      return { members: ordered, topTerms };
    })
    .filter((cluster) => cluster.members.length > 0)
    .sort((a, b) => b.members.length - a.members.length);
}
