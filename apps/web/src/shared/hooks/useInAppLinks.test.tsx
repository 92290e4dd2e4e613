import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/utils';
import { useInAppLinks } from './useInAppLinks';

function Links() {
  const onClick = useInAppLinks();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks are the links' own
    // biome-ignore lint/a11y/useKeyWithClickEvents: links activate by keyboard as clicks
    <div onClick={onClick}>
      <a href="/projects/5/analyses?field=Tone">
        <span>inside</span>
      </a>
      <a href="https://example.com/elsewhere">away</a>
    </div>
  );
}

describe('useInAppLinks', () => {
  it('a plain click on an in-app link navigates in the app; a modified click is left to the browser', () => {
    mockFetch({});
    renderRoutes([{ path: '*', element: <Links /> }], '/start');
    const location = () => screen.getByTestId('location').textContent;
    expect(fireEvent.click(screen.getByText('inside'), { ctrlKey: true })).toBe(true);
    expect(location()).toContain('/start');
    expect(fireEvent.click(screen.getByText('inside'))).toBe(false);
    expect(location()).toContain('/projects/5/analyses?field=Tone');
  });

  it('a link that leaves the app is not intercepted', () => {
    mockFetch({});
    renderRoutes([{ path: '*', element: <Links /> }], '/start');
    expect(fireEvent.click(screen.getByText('away'))).toBe(true);
    expect(screen.getByTestId('location').textContent).toContain('/start');
  });
});
