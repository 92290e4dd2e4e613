import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/utils';
import { LanguageMenu } from './LanguageMenu';

describe('LanguageMenu', () => {
  it('a press that lands while the menu is still loading opens it', async () => {
    mockFetch({});
    renderRoutes([{ path: '*', element: <LanguageMenu /> }], '/');
    const button = await screen.findByTestId('language-menu');
    // Pointer in and press at once, as a quick click does: the button must not be replaced in between.
    fireEvent.pointerEnter(button);
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Deutsch' })).toBeVisible();
    expect(screen.getByTestId('language-menu')).toBe(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens from the keyboard and closes with Escape', async () => {
    mockFetch({});
    renderRoutes([{ path: '*', element: <LanguageMenu /> }], '/');
    const button = await screen.findByTestId('language-menu');
    fireEvent.focus(button);
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await screen.findByTestId('language-menu');
    expect(button).not.toHaveAttribute('aria-expanded');
  });
});
