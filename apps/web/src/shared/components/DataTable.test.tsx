import { Button } from '@mui/material';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pageOfRows, usePagination } from '../hooks/usePagination';
import { type Column, DataTable, type Sort } from './DataTable';

type Fruit = { id: number; name: string; count: number };
const FRUITS: Fruit[] = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  name: `Fruit ${String(index + 1).padStart(2, '0')}`,
  count: 100 - index,
}));
const COLUMNS: Column<Fruit>[] = [
  { id: 'name', header: 'Name', cell: (fruit) => fruit.name, sortKey: 'name' },
  { id: 'count', header: 'Count', cell: (fruit) => fruit.count, sortKey: 'count', align: 'right' },
];

function table(props: Partial<Parameters<typeof DataTable<Fruit>>[0]> = {}) {
  return (
    <DataTable<Fruit>
      label="Fruits"
      columns={COLUMNS}
      rows={FRUITS.slice(0, 2)}
      rowKey={(fruit) => fruit.id}
      rowProps={(fruit) => ({ 'data-testid': `fruit-${fruit.id}` })}
      empty={{ text: 'No fruit yet', testId: 'no-fruit' }}
      {...props}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Fruits' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('shows a header and one row per item, with test ids and labelled cells on phone cards', () => {
    render(table({ phoneCards: true }));
    expect(screen.getByRole('columnheader', { name: 'Count' })).toBeInTheDocument();
    expect(screen.getByTestId('fruit-2')).toHaveTextContent('Fruit 0299');
    expect(within(screen.getByTestId('fruit-1')).getByText('100')).toHaveAttribute('data-label', 'Count');
  });

  it('shows skeleton lines and a loading status, and no table yet, while loading', () => {
    render(table({ loading: true, loadingLabel: 'Loading fruit…' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading fruit…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the empty text and its action instead of the table', () => {
    render(table({ rows: [], empty: { text: 'No fruit yet', action: <Button>Add fruit</Button> } }));
    expect(screen.getByText('No fruit yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add fruit' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with Retry', () => {
    const onRetry = vi.fn();
    render(table({ error: { title: 'Could not load', message: 'Server down', onRetry } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not loadServer down');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reports a click on a sortable header and marks the sorted column', () => {
    const onSort = vi.fn();
    const sort: Sort = { key: 'count', direction: 'desc', onSort };
    render(table({ sort }));
    expect(screen.getByRole('columnheader', { name: /Count/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('renders a detail line under the rows that have one', () => {
    render(table({ rowDetail: (fruit) => (fruit.id === 1 ? 'bruised' : null) }));
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText('bruised')).toBeInTheDocument();
  });

  it('pages through the rows with the footer', () => {
    function Paged() {
      const pagination = usePagination({ pageSizes: [5, 10], defaultPageSize: 5 });
      return table({
        rows: pageOfRows(FRUITS, pagination),
        pagination: { ...pagination, total: FRUITS.length },
      });
    }
    render(
      <MemoryRouter>
        <Paged />
      </MemoryRouter>,
    );
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('6–10 of 12')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Fruit 06');
  });
});

describe('sorting through the caller', () => {
  it('lets the caller sort the rows it passes', () => {
    function Sorted() {
      const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
      const rows = [...FRUITS.slice(0, 3)].sort((a, b) =>
        direction === 'asc' ? a.count - b.count : b.count - a.count,
      );
      return table({
        rows,
        sort: { key: 'count', direction, onSort: () => setDirection(direction === 'asc' ? 'desc' : 'asc') },
      });
    }
    render(<Sorted />);
    expect(bodyRows()[0]).toHaveTextContent('98');
    fireEvent.click(screen.getByRole('button', { name: /Count/ }));
    expect(bodyRows()[0]).toHaveTextContent('100');
  });
});
