import type { DriveConnection, FolderIntegration, SyncHistoryItem } from '@parley/contracts';
import { readStructureConfig } from '@parley/contracts';
import type { driveConnections, driveIntegrations, driveSyncRuns } from '../../db/schema/index.ts';
import { isSyncing } from './claim.ts';

export type ConnectionRow = typeof driveConnections.$inferSelect;
export type IntegrationRow = typeof driveIntegrations.$inferSelect;
export type SyncRunRow = typeof driveSyncRuns.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toConnectionDto(row: ConnectionRow): DriveConnection {
  return {
    id: row.id,
    name: row.name,
    google_email: row.googleEmail,
    is_active: row.isActive,
    is_valid: row.isValid,
    error_count: row.errorCount,
    last_error: row.lastError,
    connected_at: iso(row.connectedAt),
  };
}

export function toIntegrationDto(row: IntegrationRow, connection: ConnectionRow): FolderIntegration {
  return {
    id: row.id,
    connection_id: row.connectionId,
    connection: { id: connection.id, name: connection.name, google_email: connection.googleEmail },
    folder_id: row.folderId,
    folder_name: row.folderName,
    structure_type: row.structureType,
    // Stored older forms (a JSON string, filename_group, pattern/default) come back in the current one.
    structure_config: row.structureConfig === null ? null : readStructureConfig(row.structureConfig),
    prompt_id: row.promptId,
    is_active: row.isActive,
    error_count: row.errorCount,
    last_error: row.lastError,
    last_check_at: iso(row.lastCheckAt),
    syncing: isSyncing(row),
  };
}

export function toSyncRunDto(row: SyncRunRow): SyncHistoryItem {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    found: row.found,
    queued: row.queued,
    skipped: row.skipped,
    failed: row.failed,
    errors: row.errors,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}
