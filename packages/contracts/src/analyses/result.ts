import type { EvidenceMap, FieldValues } from '../prompts/output-schema.ts';
import type { FinalScore } from './scoring.ts';

/**
 * What the analysis pipeline stores in tasks.result (the analysis detail's `result`): the answer of the
 * prompt that analysed the conversation, the evidence of each field by dotted path, and how the final
 * score came about. For a classification prompt, `prompt` is the prompt it chose and `classification`
 * keeps the classification step's own answer.
 */
export interface TaskResult {
  prompt: { id: number; name: string };
  /** Field values by key (nested for object fields); 'Final Score' holds the computed score. */
  values: FieldValues;
  evidence: EvidenceMap;
  score: FinalScore;
  classification?: {
    prompt: { id: number; name: string };
    /** Dotted path of the classification field that chose. */
    field: string;
    chosen: { promptId: string; promptName: string };
    values: FieldValues;
    evidence: EvidenceMap;
  };
}
