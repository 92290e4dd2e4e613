import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListExport } from './ListExport';

describe('ListExport', () => {
  it('wraps the hint under CSV rather than cutting it at the edge of a phone', async () => {
    render(<ListExport projectId={5} filters={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const menu = within(await screen.findByRole('menu'));
    const hint = menu.getByText('Choose a prompt in the filters to add its answers as columns');
    expect(menu.getByTestId('analyses-export-csv')).toContainElement(hint);
    expect(menu.getByTestId('analyses-export-csv')).toHaveStyle({ whiteSpace: 'normal' });
  });
});
