import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { DataTable, type DataTableEmpty, useQueryTableState } from './DataTable';
import { SettingsSection } from './SettingsSection';

/**
 * A settings card listing what one query loads (webhook endpoints, automation rules): its title, the table with
 * its loading, error and empty states, and the add button in the header once there is something listed (the
 * empty state carries it before).
 */
export function ListSection<Row>({
  title,
  description,
  testId,
  query,
  loadingLabel,
  loadFailed,
  addButton,
  empty,
  ...table
}: {
  title: string;
  description: ReactNode;
  testId: string;
  query: UseQueryResult<Row[]>;
  loadingLabel: string;
  loadFailed: string;
  addButton: ReactNode;
  empty: Omit<DataTableEmpty, 'action'>;
} & Pick<ComponentProps<typeof DataTable<Row>>, 'columns' | 'rowKey' | 'rowProps'>) {
  const tableState = useQueryTableState(query, { errorTitle: loadFailed });
  return (
    <SettingsSection
      title={title}
      description={description}
      action={query.isSuccess && query.data.length > 0 ? addButton : undefined}
      testId={testId}
    >
      <DataTable
        label={title}
        rows={query.data}
        loading={tableState.loading}
        loadingLabel={loadingLabel}
        error={tableState.error}
        empty={{ ...empty, action: addButton }}
        {...table}
      />
    </SettingsSection>
  );
}
