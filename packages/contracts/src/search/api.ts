import { z } from 'zod';
import { SPEAKER_ROLES } from '../analyses/roles.ts';
import { AnalyticsFilters } from '../analytics/api.ts';
import { Id } from '../inputs.ts';
import { TRACKER_SPEAKERS } from '../trackers/api.ts';

// Search across transcripts (issue 38 part 2): a project's conversations whose transcript contains a phrase —
// its words in this order, case-insensitive, word for word (no stemming: what was typed is what is found) —
// optionally said by the representative or the customer, within a tracker's hits, a period and the list's
// metadata filters. Each result is a conversation with the pieces of its transcript (segments of a recording,
// messages of a chat) that hold the phrase, as snippets with the hit marked, newest conversation first.

export const SEARCH = {
  queryMax: 200,
  pageSize: 20,
  /** Snippets answered per conversation (`matches` counts them all). */
  snippetsMax: 3,
  /** Characters of a snippet's text (the piece cut around its first hit). */
  snippetMax: 300,
  /** `total` counts matching conversations up to this many, then says "at least" (total_capped). */
  countMax: 1000,
} as const;

export const SearchQuery = AnalyticsFilters.omit({ prompt_version: true }).extend({
  /** The phrase: one or more words, found in this order. Punctuation is ignored. */
  q: z.string().trim().min(1, 'Please enter a word or phrase.').max(SEARCH.queryMax),
  /** Who said it: anyone (default), or the speaker whose role is representative or customer. */
  speaker: z.enum(TRACKER_SPEAKERS).default('anyone'),
  /** Only conversations that hit this tracker of the project. */
  tracker_id: Id.optional(),
  /** The `next_cursor` of the previous page (opaque). */
  cursor: z.string().max(200).optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** A span of a snippet's text to mark: UTF-16 offset and length, as String.prototype.slice counts. */
export const SearchHighlight = z.object({ start: z.number().int(), length: z.number().int() });
export type SearchHighlight = z.infer<typeof SearchHighlight>;

export const SearchSnippet = z.object({
  /** The piece's index among the transcript's pieces as the analysis answers them (as a tracker moment's). */
  segment: z.number().int(),
  /** Its start in seconds (null: a chat message without a time). */
  seconds: z.number().nullable(),
  role: z.enum(SPEAKER_ROLES).nullable(),
  /** Plain text (never HTML), cut to SEARCH.snippetMax around the first hit; '…' marks a cut. */
  text: z.string(),
  highlights: z.array(SearchHighlight),
});
export type SearchSnippet = z.infer<typeof SearchSnippet>;

export const SearchResult = z.object({
  task_id: z.number().int(),
  title: z.string().nullable(),
  /** When the conversation took place (as the analyses list's date). */
  conversation_at: z.string(),
  representative: z.string().nullable(),
  department: z.string().nullable(),
  /** Pieces of the transcript that hold the phrase (said by the chosen speaker). */
  matches: z.number().int(),
  snippets: z.array(SearchSnippet),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.object({
  data: z.object({
    results: z.array(SearchResult),
    /** Matching conversations, counted up to SEARCH.countMax. */
    total: z.number().int(),
    /** true: there are more than `total`. */
    total_capped: z.boolean(),
    /**
     * true: a speaker was chosen, and `total` counts the conversations that hold the phrase whoever said it (at
     * most this many are results); the results themselves are exact.
     */
    total_at_most: z.boolean(),
    /** null: this was the last page. */
    next_cursor: z.string().nullable(),
  }),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
