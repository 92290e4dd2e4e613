import type { PromptData } from '@parley/contracts';
import type { prompts } from '../../db/schema/index.ts';

type PromptRow = typeof prompts.$inferSelect;

/** A prompt's settings and fields as the API and its versions carry them. */
export function toPromptData(row: PromptRow): PromptData {
  return {
    scriptName: row.scriptName,
    role: row.role,
    basicInstruction: row.basicInstruction,
    transcribeInstructions: row.transcribeInstructions,
    provider: row.provider,
    model: row.model,
    responseLanguage: row.responseLanguage,
    companyDetails: row.companyDetails,
    finalScore: row.finalScore,
    LVA: row.lva,
    maxScore: row.maxScore,
    // Only when set, so the versions of prompts without a cap keep the data (and hash) they had.
    ...(row.knockoutCap !== null && { knockoutCap: row.knockoutCap }),
    transcriptionTask: row.transcriptionTask,
    transcriptionLanguage: row.transcriptionLanguage,
    content: row.content,
    metadataFields: row.metadataFields,
    isClassification: row.isClassification,
  };
}
