import type { UploadBatch } from '@parley/contracts';
import type { uploadBatches } from '../../db/schema/index.ts';

export type BatchRow = typeof uploadBatches.$inferSelect;

/** A batch as the API answers it (the list, the detail and the batch.completed webhook). */
export function toBatchDto(row: BatchRow): UploadBatch {
  return {
    id: row.id,
    project_id: row.projectId,
    file_name: row.fileName,
    status: row.status,
    total_items: row.totalItems,
    processed_items: row.processedItems,
    failed_items: row.failedItems,
    prompt_id: row.promptId,
    priority: row.priority,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
