import { modelRoutes, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption, lastBody, mockPromptApi, promptFixture, promptRoutes, tab } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const failure = () => jsonResponse(500, { error: { code: 'internal', message: 'boom' } });
const combobox = (name: string) => screen.getByRole('combobox', { name });

async function openBasicSettings() {
  renderRoutes(promptRoutes, '/projects/5/prompts/new');
  fireEvent.click(await screen.findByRole('tab', { name: 'Basic Settings' }));
  await modelsLoaded();
}

/** The model select is disabled while its list loads. */
const modelsLoaded = () =>
  waitFor(() => expect(combobox('Model')).not.toHaveAttribute('aria-disabled', 'true'));

describe('basic settings', () => {
  it('shows every setting with the spec defaults', async () => {
    mockPromptApi();
    await openBasicSettings();
    expect(screen.getByLabelText(/Prompt name/)).toHaveValue('');
    expect(combobox('Role')).toHaveTextContent('Sales');
    expect(combobox('Response language')).toHaveTextContent('English');
    expect(screen.getByLabelText('Basic instruction')).toHaveValue('');
    expect(screen.getByLabelText('Company details')).toHaveValue('');
    expect(screen.getByLabelText('Transcription instructions')).toHaveValue('');
    expect(combobox('Provider')).toHaveTextContent('Anthropic');
    expect(combobox('Model')).toHaveTextContent('Claude Sonnet 4.5');
    expect(combobox('Voice analysis (LVA)')).toHaveTextContent('None');
    expect(combobox('Final score')).toHaveTextContent('Sum of points');
    expect(screen.getByLabelText('Maximum score')).toHaveValue(null);
    expect(combobox('Transcription task')).toHaveTextContent('Translate to English');
    expect(combobox('Transcription language')).toHaveTextContent('Detect automatically');
    expect(screen.getByRole('switch', { name: 'Classification prompt' })).not.toBeChecked();
    expect(screen.getByTestId('units-total')).toHaveTextContent('1');
    expect(screen.getByTestId('units-max-tokens')).toHaveTextContent('64,000');
    expect(screen.getByTestId('units-context-window')).toHaveTextContent('200,000');
  });

  it('marks unconfigured providers; changing the provider selects its first model; units follow', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.create, { id: 5 })]: (_url, init) =>
        jsonResponse(201, { data: { ...promptFixture({ id: 99 }), ...JSON.parse(String(init?.body)) } }),
    });
    await openBasicSettings();
    fireEvent.mouseDown(combobox('Provider'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Anthropic', 'OpenAInot configured']);
    expect(screen.queryByTestId('prompt-provider-unavailable')).not.toBeInTheDocument();
    fireEvent.click(options[1]!);
    await modelsLoaded();
    expect(screen.getByTestId('prompt-provider-unavailable')).toHaveTextContent(
      "OpenAI is not configured on this server. The prompt can be saved, but its analyses fail until a server administrator sets the provider's key.",
    );
    // the first model of the provider's list, not the cheapest or the default
    expect(combobox('Model')).toHaveTextContent('GPT-4o mini');
    expect(screen.getByTestId('units-total')).toHaveTextContent('0.5');

    chooseOption(combobox('Model'), 'GPT-4o');
    chooseOption(combobox('Voice analysis (LVA)'), /EMLO Telesales/);
    expect(screen.getByTestId('units-model-units')).toHaveTextContent('1.5');
    expect(screen.getByTestId('units-lva-surcharge')).toHaveTextContent('4');
    expect(screen.getByTestId('units-total')).toHaveTextContent('5.5');
    expect(screen.getByTestId('units-max-tokens')).toHaveTextContent('16,384');

    fireEvent.change(screen.getByLabelText(/Prompt name/), { target: { value: 'Mini' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    // Saved all the same, with the warning.
    expect(await screen.findByTestId('prompt-saved-unavailable')).toHaveTextContent(
      'OpenAI is not configured on this server: analyses with this prompt fail until its key is set.',
    );
    expect(lastBody(fetch, routeKey(promptApiRoutes.create, { id: 5 }))).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o',
      LVA: 'emlo-telesales',
    });
  });

  it('a prompt on a configured provider is saved without the warning', async () => {
    mockPromptApi({
      [routeKey(promptApiRoutes.create, { id: 5 })]: (_url, init) =>
        jsonResponse(201, { data: { ...promptFixture({ id: 99 }), ...JSON.parse(String(init?.body)) } }),
    });
    await openBasicSettings();
    fireEvent.change(screen.getByLabelText(/Prompt name/), { target: { value: 'Claude' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(await screen.findByTestId('prompt-saved')).toHaveTextContent('Prompt saved successfully');
    expect(screen.queryByTestId('prompt-saved-unavailable')).not.toBeInTheDocument();
    expect(screen.queryByTestId('prompt-provider-unavailable')).not.toBeInTheDocument();
  });

  it("says what the project's transcription model means for the speakers of mono recordings", async () => {
    const transcription = (model: string) => () =>
      jsonResponse(200, {
        data: [
          {
            id: 'openai',
            name: 'OpenAI',
            available: true,
            models: [
              { model: 'whisper-1', display_name: 'Whisper', units: 1, diarizes: false },
              {
                model: 'gpt-4o-transcribe-diarize',
                display_name: 'GPT-4o Transcribe (speakers)',
                units: 1,
                diarizes: true,
              },
            ],
          },
        ],
        default: { provider: 'openai', model },
      });
    mockPromptApi({ [routeKey(modelRoutes.listTranscriptionProviders)]: transcription('whisper-1') });
    await openBasicSettings();
    expect(await screen.findByTestId('prompt-no-speakers')).toHaveTextContent(
      'Whisper, the transcription model of this project, does not tell speakers apart',
    );
    cleanup();

    mockPromptApi({
      [routeKey(modelRoutes.listTranscriptionProviders)]: transcription('gpt-4o-transcribe-diarize'),
    });
    await openBasicSettings();
    expect(await screen.findByTestId('prompt-translated-by-speaker')).toHaveTextContent(
      "Mono recordings are transcribed by speaker, then translated into English by this prompt's model",
    );
    expect(screen.queryByTestId('prompt-no-speakers')).not.toBeInTheDocument();
    chooseOption(combobox('Transcription task'), 'Transcribe in the original language');
    expect(screen.queryByTestId('prompt-translated-by-speaker')).not.toBeInTheDocument();
  });

  it('falls back to the built-in providers and models without a message when the calls fail', async () => {
    mockPromptApi({
      [routeKey(modelRoutes.listProviders)]: failure,
      [routeKey(modelRoutes.listModels, { provider: 'anthropic' })]: failure,
      [routeKey(modelRoutes.listModels, { provider: 'groq' })]: failure,
    });
    await openBasicSettings();
    expect(combobox('Model')).toHaveTextContent('Claude Sonnet 4.5');
    fireEvent.mouseDown(combobox('Provider'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Anthropic', 'OpenAI', 'Google', 'Groq']);
    fireEvent.click(options[3]!);
    await modelsLoaded();
    expect(combobox('Model')).toHaveTextContent('Llama 3.3 70B');
    chooseOption(combobox('Voice analysis (LVA)'), /EMLO Call Risk/);
    // 0.8 + 10, exact
    expect(screen.getByTestId('units-total')).toHaveTextContent('10.8');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the classification toggle inserts a locked Classification field at the top and removes it again', async () => {
    mockPromptApi();
    await openBasicSettings();
    const toggle = screen.getByRole('switch', { name: 'Classification prompt' });
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    fireEvent.click(tab('Structure'));
    const first = screen.getByTestId('field-0');
    expect(within(first).getByTestId('field-key')).toHaveValue('Classification');
    expect(within(first).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Classification');
    expect(within(first).getByRole('button', { name: 'Delete Classification' })).toBeDisabled();
    expect(within(first).getByTestId('classification-editor')).toBeInTheDocument();

    fireEvent.click(tab('Basic Settings'));
    fireEvent.click(screen.getByRole('switch', { name: 'Classification prompt' }));
    fireEvent.click(tab('Structure'));
    expect(screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value)).toEqual([
      'Summary',
      'Title',
      'Final Score',
    ]);
  });

  it('final score "no" drops the Final Score field', async () => {
    mockPromptApi();
    await openBasicSettings();
    chooseOption(combobox('Final score'), 'No final score');
    fireEvent.click(tab('Structure'));
    expect(screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value)).toEqual([
      'Summary',
      'Title',
    ]);
  });
});
