import type { ConversationSegment } from '@parley/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analysesRoutes, mockAnalysesApi } from '../../test/analyses';
import { captureDownloads } from '../../test/analytics';
import { renderRoutes } from '../../test/utils';
import { TranscriptExport } from './TranscriptExport';

const timed: ConversationSegment[] = [
  { start: 0.5, end: 4, text: 'Hello <there> & welcome.', speaker: 'Ann' },
  { start: 4.5, end: 6, text: 'Hi!', speaker: null },
];

async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  return within(await screen.findByRole('menu'));
}

describe('TranscriptExport', () => {
  it('offers text and both subtitle formats for a timed transcript', async () => {
    render(<TranscriptExport segments={timed} name="Call" />);
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Text (.txt)',
      'Subtitles (.srt)',
      'WebVTT subtitles (.vtt)',
    ]);
  });

  it('offers only text for a transcript without times, and nothing for an empty one', async () => {
    const chat = [{ start: null, end: null, text: 'Hi', speaker: 'Sarah' }];
    const { rerender } = render(<TranscriptExport segments={chat} name="Chat" />);
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Text (.txt)']);
    rerender(<TranscriptExport segments={[]} name="Chat" />);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('downloads the chosen format named after the analysis, with its MIME type', async () => {
    const files = captureDownloads();
    render(<TranscriptExport segments={timed} name="Call: Ann / Bob.mp3" />);
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'WebVTT subtitles (.vtt)' }));
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'Text (.txt)' }));
    expect(files.map((file) => [file.name, file.blob.type])).toEqual([
      ['Call-Ann-Bob.vtt', 'text/vtt;charset=utf-8'],
      ['Call-Ann-Bob.txt', 'text/plain;charset=utf-8'],
    ]);
    expect(await files[0]!.blob.text()).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:04.000\n<v Ann>Hello &lt;there&gt; &amp; welcome.\n\n' +
        '00:00:04.500 --> 00:00:06.000\nHi!\n\n',
    );
    expect(await files[1]!.blob.text()).toBe('[00:00] Ann: Hello <there> & welcome.\n[00:04] Hi!\n');
  });

  it('sits in the analysis page transcript card and saves the transcript as the page shows it (speakers by role)', async () => {
    mockAnalysesApi();
    renderRoutes(analysesRoutes, '/projects/5/analysis/42');
    const card = within(await screen.findByTestId('transcript-section'));
    const files = captureDownloads();
    fireEvent.click(card.getByRole('button', { name: 'Export' }));
    fireEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Subtitles (.srt)' }),
    );
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('Pricing-call-with-Acme.srt');
    expect(await files[0]!.blob.text()).toMatch(
      /^1\r\n00:00:00,500 --> 00:00:04,000\r\nAlice: Hello, thanks for calling\.\r\n\r\n2\r\n00:00:04,500 --> 00:00:10,000\r\nCustomer: Hi/,
    );
  });
});
