import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { detailFixture } from '../../test/analyses';
import { DetailsCard } from './DetailsCard';

/** The file kind row's text for a recording of `channels` channels. */
const kindRow = (channels: number) => {
  const detail = detailFixture();
  const { unmount } = render(<DetailsCard detail={{ ...detail, media: { ...detail.media, channels } }} />);
  const text = screen.getByText(/MB ·/).textContent;
  unmount();
  return text;
};

describe('analysis details', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('counts channels with the plural form of the count', () => {
    expect(kindRow(1)).toBe('Audio · 1 MB · 1 channel');
    expect(kindRow(2)).toBe('Audio · 1 MB · 2 channels');
  });

  it("uses the language's own plural forms", async () => {
    await i18n.changeLanguage('ru');
    expect(kindRow(1)).toMatch(/· 1 канал$/);
    expect(kindRow(2)).toMatch(/· 2 канала$/);
    expect(kindRow(5)).toMatch(/· 5 каналов$/);
  });

  it('names the scorecard version the analysis ran with, and none before it ran', () => {
    const detail = detailFixture();
    const prompt = { id: 3, name: 'Sales QA', source: 'snapshot' as const, version: 3, data: {} };
    const { unmount } = render(<DetailsCard detail={{ ...detail, prompt }} />);
    expect(screen.getByTestId('prompt-version')).toHaveTextContent('Scorecard version 3');
    unmount();
    render(<DetailsCard detail={{ ...detail, prompt: { ...prompt, source: 'current', version: null } }} />);
    expect(screen.queryByTestId('prompt-version')).not.toBeInTheDocument();
  });
});
