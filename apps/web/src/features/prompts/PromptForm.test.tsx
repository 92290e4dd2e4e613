import { projectRoutes, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  field,
  lastBody,
  mockPromptApi,
  promptFixture,
  promptRoutes,
  tab,
} from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

describe('prompt form', () => {
  it('create mode has the AI generator, structure, basic settings and metadata tabs', async () => {
    mockPromptApi();
    renderRoutes(promptRoutes, '/projects/5/prompts/new');
    expect(await screen.findByRole('heading', { name: 'New Prompt' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'AI Generator',
      'Structure',
      'Basic Settings',
      'Metadata',
    ]);
    expect(tab('AI Generator')).toHaveAttribute('aria-selected', 'true');
    // the role shown is the user's role in the selected project
    expect(screen.getByTestId('prompt-form-role')).toHaveTextContent('Sales Calls · Your role: Owner');
    fireEvent.click(tab('Structure'));
    expect(screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value)).toEqual([
      'Summary',
      'Title',
      'Final Score',
    ]);
  });

  it('validation shows the problem and opens the tab that fixes it', async () => {
    const fetch = mockPromptApi();
    renderRoutes(promptRoutes, '/projects/5/prompts/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Prompt' }));
    expect(screen.getByTestId('prompt-problem')).toHaveTextContent('Please fill required fields');
    expect(tab('Basic Settings')).toHaveAttribute('aria-selected', 'true');
    const name = screen.getByLabelText(/Prompt name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(name, { target: { value: 'Inbound QA' } });
    fireEvent.click(tab('Structure'));
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.click(tab('Metadata'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(screen.getByTestId('prompt-problem')).toHaveTextContent(
      'Empty key found in prompt fields. All fields must have a key.',
    );
    expect(tab('Structure')).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('does not save while a mark or the maximum score is refused, and keeps what was typed', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
        jsonResponse(200, {
          data: promptFixture({
            content: [
              field('Summary'),
              field('Title'),
              field('Rating', 'marks', { marks: [{ value: 1, explanation: 'poor' }] }),
              field('Final Score', 'float'),
            ],
          }),
        }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
    const mark = await screen.findByLabelText('Mark');
    fireEvent.change(mark, { target: { value: '2.5' } });
    expect(mark).toHaveValue('2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(screen.getByTestId('prompt-problem')).toHaveTextContent(
      'Field "Rating": marks values must be whole numbers, 0 or more.',
    );
    fireEvent.change(mark, { target: { value: '2' } });

    fireEvent.click(tab('Basic Settings'));
    const maxScore = screen.getByLabelText('Maximum score');
    fireEvent.change(maxScore, { target: { value: '-3' } });
    expect(maxScore).toHaveValue(-3);
    expect(maxScore).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(tab('Structure'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(screen.getByTestId('prompt-problem')).toHaveTextContent(
      'The maximum score must be a number from 0 to 1,000,000.',
    );
    expect(tab('Basic Settings')).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('adds Summary and Title before saving and shows the server message on failure', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.create, { id: 5 })]: () =>
        jsonResponse(409, {
          error: { code: 'conflict', message: 'A prompt named "Inbound QA" already exists.' },
        }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/new');
    fireEvent.click(await screen.findByRole('tab', { name: 'Structure' }));
    const summary = screen.getByTestId('field-0');
    // Summary is locked: it can be edited, not deleted or moved
    expect(within(summary).getByRole('button', { name: 'Delete Summary' })).toBeDisabled();
    // remove the locked fields' neighbours' lock by renaming them: Summary -> Overview, Title -> Headline
    fireEvent.change(within(summary).getByTestId('field-key'), { target: { value: 'Overview' } });
    fireEvent.change(within(screen.getByTestId('field-1')).getByTestId('field-key'), {
      target: { value: 'Headline' },
    });
    fireEvent.click(tab('Basic Settings'));
    fireEvent.change(screen.getByLabelText(/Prompt name/), { target: { value: '  Inbound QA ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(await screen.findByTestId('prompt-save-error')).toHaveTextContent(
      'A prompt named "Inbound QA" already exists.',
    );
    const body = lastBody(fetch, routeKey(promptApiRoutes.create, { id: 5 })) as {
      scriptName: string;
      content: { key: string }[];
    };
    expect(body.scriptName).toBe('Inbound QA');
    expect(body.content.map((f) => f.key)).toEqual([
      'Summary',
      'Title',
      'Overview',
      'Headline',
      'Final Score',
    ]);
    expect(location()).toBe('/projects/5/prompts/new');
  });

  it('honours ?projectId= by moving to that project', async () => {
    mockPromptApi({ [routeKey(promptApiRoutes.list, { id: 6 })]: () => jsonResponse(200, { data: [] }) });
    renderRoutes(promptRoutes, '/projects/5/prompts/new?projectId=6');
    expect(await screen.findByRole('heading', { name: 'New Prompt' })).toBeInTheDocument();
    expect(location()).toBe('/projects/6/prompts/new');
  });

  it('edit mode: loads by name, name read-only, no AI tab, saves with PUT', async () => {
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: (url) =>
        url.searchParams.get('name') === 'Sales QA'
          ? jsonResponse(200, { data: promptFixture() })
          : jsonResponse(404, { error: { code: 'not_found', message: 'Prompt not found' } }),
      [routeKey(promptApiRoutes.update, { id: 5, promptId: 11 })]: (_url, init) =>
        jsonResponse(200, { data: { ...promptFixture(), ...JSON.parse(String(init?.body)) } }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
    expect(await screen.findByRole('tab', { name: 'Structure' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit Prompt' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'AI Generator' })).not.toBeInTheDocument();
    expect(tab('Structure')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'AI Improve' })).toBeInTheDocument();
    fireEvent.click(tab('Basic Settings'));
    expect(screen.getByLabelText(/Prompt name/)).toHaveValue('Sales QA');
    expect(screen.getByLabelText(/Prompt name/)).toBeDisabled();
    chooseOption(screen.getByRole('combobox', { name: 'Role' }), 'Support');
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(await screen.findByTestId('prompt-saved')).toHaveTextContent('Prompt saved successfully');
    expect(lastBody(fetch, routeKey(promptApiRoutes.update, { id: 5, promptId: 11 }))).toMatchObject({
      scriptName: 'Sales QA',
      role: 'Support',
    });
  });

  it('read-only (support access): a prompt can be looked through, not saved or improved', async () => {
    const fetch = mockPromptApi({
      [routeKey(projectRoutes.list)]: () =>
        jsonResponse(200, { data: [testProject({ my_role: 'admin', read_only: true })] }),
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () => jsonResponse(200, { data: promptFixture() }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Sales%20QA');
    expect(await screen.findByRole('tab', { name: 'Structure' })).toBeInTheDocument();
    fireEvent.click(tab('Basic Settings'));
    expect(screen.getByLabelText(/Prompt name/)).toHaveValue('Sales QA');
    const save = screen.getByRole('button', { name: 'Save Prompt' });
    const improve = screen.getByRole('button', { name: 'AI Improve' });
    for (const button of [save, improve]) {
      expect(button).toBeDisabled();
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });

  it('read-only: the new prompt form neither generates nor saves', async () => {
    mockPromptApi({
      [routeKey(projectRoutes.list)]: () =>
        jsonResponse(200, { data: [testProject({ my_role: 'admin', read_only: true })] }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/new');
    expect(await screen.findByRole('button', { name: 'Generate Prompt' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Prompt' })).toBeDisabled();
  });

  it('edit mode: a missing prompt shows the server error with retry', async () => {
    mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'Prompt not found' } }),
    });
    renderRoutes(promptRoutes, '/projects/5/prompts/edit?promptName=Nope');
    expect(await screen.findByText('Prompt not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('clone: the name gets _copy (after cutting to 40) and the copy goes to the chosen project', async () => {
    const longName = 'A very long prompt name that goes past forty characters';
    const fetch = mockPromptApi({
      [routeKey(promptApiRoutes.getByName, { id: 5 })]: () =>
        jsonResponse(200, { data: promptFixture({ scriptName: longName }) }),
      [routeKey(promptApiRoutes.create, { id: 6 })]: (_url, init) =>
        jsonResponse(201, { data: { ...promptFixture(), id: 99, ...JSON.parse(String(init?.body)) } }),
    });
    renderRoutes(promptRoutes, `/projects/5/prompts/new?clone=${encodeURIComponent(longName)}`);
    const target = await screen.findByRole('combobox', { name: 'Target project' });
    expect(screen.getByRole('heading', { name: 'Clone Prompt' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'AI Generator' })).not.toBeInTheDocument();
    expect(target).toHaveTextContent('Sales Calls (current)');
    fireEvent.mouseDown(target);
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sales Calls (current)', 'Support QA', 'Read Only']);
    expect(within(listbox).getByRole('option', { name: 'Read Only' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fireEvent.click(within(listbox).getByRole('option', { name: 'Support QA' }));

    fireEvent.click(tab('Basic Settings'));
    expect(screen.getByLabelText(/Prompt name/)).toHaveValue(`${longName.slice(0, 40)}_copy`);
    expect(screen.getByLabelText(/Prompt name/)).not.toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save Prompt' }));
    expect(await screen.findByTestId('prompt-saved')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(promptApiRoutes.create, { id: 6 }))).toMatchObject({
      scriptName: 'A very long prompt name that goes past f_copy',
      basicInstruction: 'Review the call',
    });
  });

  it('back and cancel go to the prompt list', async () => {
    mockPromptApi();
    renderRoutes(promptRoutes, '/projects/5/prompts/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to prompts' }));
    expect(await screen.findByRole('heading', { name: 'Analysis Prompts' })).toBeInTheDocument();
    expect(location()).toBe('/projects/5/prompts');
  });
});
