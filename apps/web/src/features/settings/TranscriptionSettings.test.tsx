import { modelRoutes, projectRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { lastBody, mockSettingsApi, settingsProject, settingsRoutes } from './testUtils';

async function openTranscription(handlers = {}, project = settingsProject()) {
  const fetch = mockSettingsApi(handlers, project);
  renderRoutes(settingsRoutes, '/projects/5/settings/general');
  await screen.findByRole('heading', { name: 'Transcription' });
  return { fetch, section: within(screen.getByTestId('transcription-settings')) };
}

const saveAnswer = (_url: URL, init?: RequestInit) =>
  routeAnswer(projectRoutes.update, { data: settingsProject(JSON.parse(String(init?.body))) });

describe('transcription settings', () => {
  it("lists the services with units and speakers, and saves the project's choice", async () => {
    const { fetch, section } = await openTranscription({
      [routeKey(projectRoutes.update, { id: 5 })]: saveAnswer,
    });
    const select = section.getByRole('combobox', { name: 'Service and model' });
    expect(await within(select).findByText('Server default (OpenAI · whisper-1)')).toBeInTheDocument();
    const save = section.getByRole('button', { name: 'Save transcription' });
    expect(save).toBeDisabled();

    fireEvent.mouseDown(select);
    const list = within(await screen.findByRole('listbox'));
    // whisper-1 stays selectable; a service without a key is listed with its models disabled.
    expect(list.getByRole('option', { name: /Whisper whisper-1 · units: 1$/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(list.getByText('AssemblyAI — not configured on this server')).toBeInTheDocument();
    expect(list.getByRole('option', { name: /Universal/ })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(list.getByRole('option', { name: 'Nova-3 nova-3 · units: 1 · speakers' }));
    fireEvent.click(save);

    expect(await screen.findByText('Transcription settings saved.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(projectRoutes.update, { id: 5 }))).toEqual({
      transcription: { provider: 'deepgram', model: 'nova-3' },
    });
  });

  it('goes back to the server default (null), and shows a refused save', async () => {
    const { fetch, section } = await openTranscription(
      {
        [routeKey(projectRoutes.update, { id: 5 })]: () =>
          jsonResponse(400, {
            error: {
              code: 'transcription_unavailable',
              message: 'Choose a transcription service this server has a key for.',
            },
          }),
      },
      settingsProject({ transcription: { provider: 'deepgram', model: 'nova-3' } }),
    );
    const select = section.getByRole('combobox', { name: 'Service and model' });
    expect(await within(select).findByText(/Nova-3/)).toBeInTheDocument();
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Server default (OpenAI · whisper-1)' }));
    fireEvent.click(section.getByRole('button', { name: 'Save transcription' }));

    expect(
      await screen.findByText(/Choose a transcription service this server has a key for/),
    ).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(projectRoutes.update, { id: 5 }))).toEqual({ transcription: null });
  });

  it('says so when the services cannot be loaded, and keeps the control locked', async () => {
    const { section } = await openTranscription({
      [routeKey(modelRoutes.listTranscriptionProviders)]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'down' } }),
    });
    expect(await section.findByText('The transcription services could not be loaded.')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Save transcription' })).toBeDisabled();
  });
});
