import {
  FINAL_SCORE_MODES,
  LVA_OPTIONS,
  PROJECT_ROLES,
  PROVIDERS,
  type PromptField,
  RESPONSE_LANGUAGES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_TASKS,
} from '@parley/contracts';
import { boolean, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/** Analysis prompts (scorecards) of a project; the name is unique within the project. */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    scriptName: text('script_name').notNull(),
    role: text('role', { enum: PROJECT_ROLES }).notNull(),
    basicInstruction: text('basic_instruction').notNull(),
    transcribeInstructions: text('transcribe_instructions').notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    model: text('model').notNull(),
    responseLanguage: text('response_language', { enum: RESPONSE_LANGUAGES }).notNull(),
    companyDetails: text('company_details').notNull(),
    finalScore: text('final_score', { enum: FINAL_SCORE_MODES }).notNull(),
    lva: text('lva', { enum: LVA_OPTIONS }).notNull(),
    maxScore: numeric('max_score', { mode: 'number' }),
    transcriptionTask: text('transcription_task', { enum: TRANSCRIPTION_TASKS }).notNull(),
    transcriptionLanguage: text('transcription_language', { enum: TRANSCRIPTION_LANGUAGES }).notNull(),
    content: jsonb('content').$type<PromptField[]>().notNull(),
    metadataFields: jsonb('metadata_fields').$type<string[]>().notNull(),
    isClassification: boolean('is_classification').notNull(),
    /** Units charged per unit of content (model units + LVA surcharge) as of the last save, in thousandths. */
    unitsMilli: integer('units_milli').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('prompts_project_name_key').on(t.projectId, t.scriptName)],
);
