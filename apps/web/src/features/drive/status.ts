import type { DriveConnection, FolderIntegration } from '@parley/contracts';

export type DriveStatus = 'active' | 'inactive' | 'error';

/** Spec 2 §4 'Connection chip': inactive if not active; error if errors were counted or it is not valid. */
export function connectionStatus(
  connection: Pick<DriveConnection, 'is_active' | 'is_valid' | 'error_count'>,
): DriveStatus {
  if (!connection.is_active) return 'inactive';
  if (connection.error_count > 0 || !connection.is_valid) return 'error';
  return 'active';
}

/** Spec 2 §4 'Folder integration chip': inactive; error when errors were counted; else active. */
export function integrationStatus(
  integration: Pick<FolderIntegration, 'is_active' | 'error_count'>,
): DriveStatus {
  if (!integration.is_active) return 'inactive';
  if (integration.error_count > 0) return 'error';
  return 'active';
}
