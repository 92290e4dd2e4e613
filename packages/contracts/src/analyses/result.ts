import type { EvidenceMap } from '../prompts/output-schema.ts';
import type { FINAL_SCORE_MODES, PromptField } from '../prompts/schema.ts';

type FinalScoreMode = (typeof FINAL_SCORE_MODES)[number];

import type { FinalScore } from './scoring.ts';
import type { ResultValues } from './stored.ts';

/**
 * The analysis detail's `result`: the answer of the prompt that analysed the conversation, the evidence of
 * each field by dotted path, and how the final score came about. For a classification prompt, `prompt` is
 * the prompt it chose and `classification` keeps the classification step's own answer. The server stores
 * the answer and reads the prompts from the versions the task ran with.
 */
export interface TaskResult {
  /**
   * The prompt that answered, with the fields and scoring it had then (a classification's chosen prompt is
   * not the task's prompt, and prompts change later).
   */
  prompt: {
    id: number;
    name: string;
    content?: PromptField[];
    finalScore?: FinalScoreMode;
    maxScore?: number | null;
    knockoutCap?: number | null;
  };
  /** Field values by key (nested for object fields); 'Final Score' holds the computed score. */
  values: ResultValues;
  evidence: EvidenceMap;
  score: FinalScore;
  classification?: {
    prompt: { id: number; name: string };
    /** Dotted path of the classification field that chose. */
    field: string;
    chosen: { promptId: string; promptName: string };
    values: ResultValues;
    evidence: EvidenceMap;
  };
}
