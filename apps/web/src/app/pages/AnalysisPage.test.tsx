import type { FinalScore, TaskResult } from '@parley/contracts';
import { analysisRoutes, promptRoutes } from '@parley/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FinalScoreCard } from '../../features/analyses/FinalScoreCard';
import {
  analysesRoutes,
  detailFixture,
  MockEventSource,
  mockAnalysesApi,
  mockMedia,
  openStream,
  reanalyzed,
  requests,
  scorecardResult,
  stubEventSource,
} from '../../test/analyses';
import { field as promptField, promptFixture } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

async function openDetail(path = '/projects/5/analysis/42') {
  const view = renderRoutes(analysesRoutes, path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const field = (path: string) => screen.getByTestId(`field-${path}`);
const value = (path: string) => screen.getByTestId(`field-value-${path}`);

beforeEach(() => stubEventSource());

describe('analysis detail', () => {
  it('shows the title, status, prompt and an audio player streaming the media route', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing call with Acme' })).toBeInTheDocument();
    expect(screen.getAllByTestId('task-status')[0]).toHaveTextContent('Completed');
    const player = screen.getByLabelText('Recording acme-call.mp3');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', '/api/projects/5/analyses/42/media');
    expect(player).toHaveAttribute('controls');
    expect(screen.queryByTestId('status-panel')).not.toBeInTheDocument();
  });

  it('plays video when the media has a picture', async () => {
    mockMedia();
    const detail = detailFixture();
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: {
            ...detail,
            media: { ...detail.media, kind: 'video', has_video: true, content_type: 'video/mp4' },
          },
        }),
    });
    await openDetail();
    expect(screen.getByLabelText('Recording acme-call.mp3').tagName).toBe('VIDEO');
  });

  it('renders every field by its type, with the prompt snapshot explanations', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(value('Summary')).toHaveTextContent('The customer asked about pricing and agreed to a demo.');
    expect(within(field('Summary')).getByText('Provide a concise summary')).toBeInTheDocument();
    expect(value('Objections')).toHaveTextContent('2');
    expect(value('Talk speed')).toHaveTextContent('2.75');
    expect(
      within(value('Topics'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['pricing', 'demo']);
    expect(value('Greeted')).toHaveTextContent('Yes');
    expect(value('Closing')).toHaveTextContent('Not OK');
    expect(value('Sentiment')).toHaveTextContent('positive');
    expect(within(value('Sentiment')).getByTestId('option-explanation')).toHaveTextContent(
      'The customer was pleased',
    );
    expect(value('Empathy')).toHaveTextContent('3of 5');
    expect(within(value('Empathy')).getByTestId('mark-explanation')).toHaveTextContent('Warm and attentive');
    // A group shows its own fields, with their evidence.
    expect(value('Discovery.Budget')).toHaveTextContent('No');
    expect(within(field('Discovery')).getByText('Budget never came up.')).toBeInTheDocument();
    // The model said it was unsure of the budget, and of nothing else.
    expect(within(field('Discovery.Budget')).getByTestId('unsure-Discovery.Budget')).toHaveTextContent(
      'Model unsure',
    );
    expect(screen.getAllByText('Model unsure')).toHaveLength(1);
    // Points of counted fields; the final score has its own card, not a field row.
    expect(screen.getByTestId('field-points-Empathy')).toHaveTextContent('3 / 5 points');
    expect(screen.queryByTestId('field-Final Score')).not.toBeInTheDocument();
    // Field type labels.
    expect(within(field('Empathy')).getByText('Marks')).toBeInTheDocument();
  });

  it('shows values the prompt does not describe, typed by their value', async () => {
    mockMedia();
    const detail = detailFixture({ prompt: null });
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: {
            ...detail,
            result: { ...scorecardResult, values: { Extra: true, Count: 4, Notes: 'Free text' } },
          },
        }),
    });
    await openDetail();
    expect(value('Extra')).toHaveTextContent('Yes');
    expect(value('Count')).toHaveTextContent('4');
    expect(value('Notes')).toHaveTextContent('Free text');
  });

  it('seeks the player to a quote when its evidence is clicked', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail();
    const evidence = within(field('Empathy')).getByTestId('evidence');
    expect(evidence).toHaveTextContent('The rep listened.');
    expect(evidence).toHaveTextContent('I understand completely');
    expect(evidence).toHaveTextContent('0:12');
    fireEvent.click(within(evidence).getByTestId('evidence-quote'));
    expect(media.setTime).toHaveBeenLastCalledWith(12.5);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('seeks the player when a transcript line is clicked', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail();
    const transcript = screen.getByTestId('transcript');
    // Speakers by role: the representative by name, the customer by the word.
    expect(within(transcript).getAllByText('Alice')).toHaveLength(2);
    expect(within(transcript).getByText('Customer')).toBeInTheDocument();
    expect(within(transcript).getByText('0:04')).toBeInTheDocument();
    fireEvent.click(within(transcript).getByText('Hi, I have a question about pricing?'));
    expect(media.setTime).toHaveBeenLastCalledWith(4.5);
    expect(media.play).toHaveBeenCalled();
    expect(screen.getByTestId('transcript-line-1')).toHaveAttribute('aria-current', 'true');
  });

  it('says when retention deleted the transcript and results, keeping the score', async () => {
    mockMedia();
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: {
            ...detailFixture(),
            transcript: null,
            transcript_text: null,
            result: null,
            expired_at: '2026-11-30T10:00:00Z',
          },
        }),
    });
    await openDetail();
    expect(screen.getByTestId('analysis-expired')).toHaveTextContent(
      /The transcript and results of this analysis were deleted on .*2026.* by the project's retention settings/,
    );
  });

  it('notes above the transcript of a recording when no speakers were told apart', async () => {
    mockAnalysesApi();
    await openDetail();
    expect(screen.queryByTestId('transcript-no-speakers')).not.toBeInTheDocument();
    cleanup();

    const unnamed = detailFixture().transcript!.map((segment) => ({ ...segment, speaker: null }));
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, { data: detailFixture({ transcript: unnamed, speaker_roles: null }) }),
    });
    await openDetail();
    expect(
      within(screen.getByTestId('transcript-section')).getByTestId('transcript-no-speakers'),
    ).toHaveTextContent('Speakers are not told apart in this transcript: the recording has one channel');
  });

  it('highlights the line being spoken as the player reports its time', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail();
    const audio = screen.getByLabelText('Recording acme-call.mp3');
    const line = (index: number) => screen.getByTestId(`transcript-line-${index}`);
    // Nothing is highlighted before playback.
    expect(screen.getByTestId('transcript').querySelector('[aria-current]')).toBeNull();

    fireEvent.play(audio);
    media.state.time = 13;
    fireEvent.timeUpdate(audio);
    expect(line(2)).toHaveAttribute('aria-current', 'true');
    expect(line(0)).not.toHaveAttribute('aria-current');

    media.state.time = 5;
    fireEvent.timeUpdate(audio);
    expect(line(1)).toHaveAttribute('aria-current', 'true');
    expect(line(2)).not.toHaveAttribute('aria-current');
  });

  it('keeps the current line in view of the transcript while playing', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail();
    const transcript = screen.getByTestId('transcript');
    const scrollTo = vi.fn();
    transcript.scrollTo = scrollTo as unknown as typeof transcript.scrollTo;
    Object.defineProperty(transcript, 'clientHeight', { configurable: true, value: 90 });
    Object.defineProperty(screen.getByTestId('transcript-line-2'), 'offsetTop', {
      configurable: true,
      value: 300,
    });
    const audio = screen.getByLabelText('Recording acme-call.mp3');
    fireEvent.play(audio);
    media.state.time = 13;
    fireEvent.timeUpdate(audio);
    expect(scrollTo).toHaveBeenCalledWith({ top: 270, behavior: 'smooth' });
  });

  it('explains the final score with its numbers and the counted fields', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(screen.getByTestId('final-score')).toHaveTextContent('44.44 %');
    expect(screen.getByTestId('score-explanation')).toHaveTextContent(
      "4 points out of the prompt's maximum score of 9 × 100 = 44.44 %, kept between 0 and 100.",
    );
    const table = screen.getByRole('table', { name: 'Points of the counted fields' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'GreetedYes / No11',
      'ClosingOK / Not OK / N/A01',
      'EmpathyMarks35',
      'Discovery › BudgetYes / No01',
    ]);
  });

  it('shows the conversation metrics with talk ratio, silence, monologue and interruptions', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(screen.getByTestId('metric-silence')).toHaveTextContent('51.7%');
    expect(screen.getByTestId('metric-interruptions')).toHaveTextContent('1');
    expect(screen.getByTestId('metric-interruptions')).toHaveTextContent('Overlaps: 2');
    const monologue = screen.getByTestId('metric-monologue');
    expect(monologue).toHaveTextContent('0:05');
    fireEvent.click(within(monologue).getByText('Alice, from 0:12'));
    expect(media.setTime).toHaveBeenLastCalledWith(12.5);
    const second = screen.getByTestId('speaker-Channel 2');
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Customer', '0:05', '40%', '8', '87', '1', '1']);
  });

  it('shows metadata, file details and units charged', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(screen.getByTestId('units-charged')).toHaveTextContent('3.125');
    const details = within(screen.getByTestId('units-charged').closest('section')!);
    expect(details.getByText('Representative')).toBeInTheDocument();
    expect(screen.getByText('Audio · 1 MB · 2 channels')).toBeInTheDocument();
  });

  it('dates the analysis by its conversation and still shows when it was uploaded', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    const conversation = within(screen.getByTestId('conversation-at'));
    expect(conversation.getByText('Conversation date')).toBeInTheDocument();
    expect(conversation.getByText(/Mar 8, 2026/)).toBeInTheDocument();
    const uploaded = within(screen.getByTestId('uploaded-at'));
    expect(uploaded.getByText('Uploaded')).toBeInTheDocument();
    expect(uploaded.getByText(/Mar 10, 2026/)).toBeInTheDocument();
    // The heading line names the conversation's time, not the upload's.
    expect(screen.getByText(/Sales scorecard · Mar 8, 2026/)).toBeInTheDocument();
  });

  it('says which answers knocked the conversation out, beside its score', async () => {
    mockMedia();
    const score = {
      ...scorecardResult.score,
      score: 0,
      scoreBeforeKnockouts: 44.44,
      knockouts: [
        { path: 'Discovery.Budget', answer: false },
        { path: 'Closing', answer: 'not ok' },
      ],
    };
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, { data: detailFixture({ result: { ...scorecardResult, score } }) }),
    });
    await openDetail();
    const alert = screen.getByTestId('knockout-alert');
    expect(alert).toHaveTextContent(
      'Knocked outKnocked out by: Discovery - Budget = No, Closing = Not OKA knockout answer fails the whole conversation, so its final score is 0 %.',
    );
    expect(screen.getByTestId('final-score')).toHaveTextContent('0 %');
    // The explanation tells how the fields scored before the knockout.
    expect(screen.getByTestId('score-explanation')).toHaveTextContent(
      "4 points out of the prompt's maximum score of 9 × 100 = 44.44 %, kept between 0 and 100.",
    );
  });

  it('shows no knockout alert for a conversation without knockouts', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(screen.getByTestId('final-score')).toBeInTheDocument();
    expect(screen.queryByTestId('knockout-alert')).not.toBeInTheDocument();
  });

  it('says when nothing has been charged yet', async () => {
    mockMedia();
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, { data: detailFixture({ units_charged: null }) }),
    });
    await openDetail();
    expect(screen.getByTestId('units-charged')).toHaveTextContent('Not charged yet');
  });

  it('exports the detail answer as a JSON download', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    let saved: Blob | null = null;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:analysis';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('analysis-42.json');
      expect(this.href).toBe('blob:analysis');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved).not.toBeNull();
    expect(JSON.parse(await saved!.text())).toEqual({ data: detailFixture() });
  });

  it('re-analyses with another prompt and opens the new analysis', async () => {
    mockMedia();
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.reanalyze, { id: 5, taskId: 42 })]: () => jsonResponse(201, reanalyzed(43)),
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 43 })]: () =>
        jsonResponse(200, {
          data: detailFixture({
            id: 43,
            status: 'queued',
            stage: null,
            progress: 0,
            result: null,
            title: 'Queued call',
          }),
        }),
    });
    await openDetail();
    fireEvent.click(screen.getByRole('button', { name: 'Re-analyse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-analyse with another prompt' });
    const select = within(dialog).getByRole('combobox', { name: 'Analysis prompt' });
    await waitFor(() => expect(select).toHaveTextContent('Sales scorecard (current)'));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Support checklist' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-analyse' }));
    await waitFor(() => expect(location()).toBe('/projects/5/analysis/43'));
    expect(
      requests(fetch, routeKey(analysisRoutes.reanalyze, { id: 5, taskId: 42 })).map((r) => r.body),
    ).toEqual([{ prompt_id: 4 }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Queued call' })).toBeInTheDocument();
    expect(screen.getByTestId('status-panel')).toHaveTextContent('Waiting in the queue');
  });

  it('read-only (support access): no re-analysis; the player, export and print view stay', async () => {
    mockMedia();
    const fetch = mockAnalysesApi(
      {
        [routeKey(analysisRoutes.reanalyze, { id: 5, taskId: 42 })]: () => jsonResponse(201, reanalyzed(43)),
      },
      testProject({ my_role: 'admin', read_only: true }),
    );
    await openDetail();
    const reanalyze = screen.getByRole('button', { name: 'Re-analyse' });
    expect(reanalyze).toBeDisabled();
    fireEvent.click(reanalyze);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Recording acme-call.mp3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Print view' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42?pdf=1',
    );
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });

  it('shows why a re-analysis was refused and keeps the dialog open', async () => {
    mockMedia();
    mockAnalysesApi({
      [routeKey(analysisRoutes.reanalyze, { id: 5, taskId: 42 })]: () =>
        jsonResponse(400, {
          error: { code: 'missing_metadata', message: 'Missing required metadata: Region' },
        }),
    });
    await openDetail();
    fireEvent.click(screen.getByRole('button', { name: 'Re-analyse' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Analysis prompt' })).toHaveTextContent(
        'Sales scorecard',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-analyse' }));
    expect(await within(dialog).findByText('Missing required metadata: Region')).toBeInTheDocument();
    expect(location()).toBe('/projects/5/analysis/42');
  });

  it('follows an unfinished task live and loads its results when it completes', async () => {
    mockMedia();
    let done = false;
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: done
            ? detailFixture()
            : detailFixture({
                status: 'processing',
                stage: 'transcription',
                progress: 20,
                result: null,
                transcript: null,
                metrics: null,
                final_score: null,
                units_charged: null,
                completed_at: null,
              }),
        }),
    });
    const { client } = await openDetail();
    const panel = screen.getByTestId('status-panel');
    expect(panel).toHaveTextContent('Being analysed');
    expect(panel).toHaveTextContent('Stage: Transcribing');
    expect(within(panel).getByTestId('status-progress')).toHaveTextContent('20%');
    expect(screen.getByText('The results appear here when the analysis is complete.')).toBeInTheDocument();

    const source = MockEventSource.latest();
    expect(source.url).toBe('/api/projects/5/analyses/events');
    await openStream(source, client);
    source.emit('task', { task_id: 42, status: 'processing', stage: 'analysis', progress: 60 });
    await waitFor(() => expect(screen.getByTestId('status-progress')).toHaveTextContent('60%'));
    expect(screen.getByTestId('status-panel')).toHaveTextContent('Stage: Analysing');
    // Other tasks' events leave this page alone.
    const loads = requests(fetch, routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })).length;
    source.emit('task', { task_id: 7, status: 'completed', stage: 'done', progress: 100 });

    done = true;
    source.emit('task', { task_id: 42, status: 'completed', stage: 'done', progress: 100 });
    await waitFor(() => expect(screen.queryByTestId('status-panel')).not.toBeInTheDocument());
    expect(await screen.findByTestId('final-score')).toHaveTextContent('44.44 %');
    expect(requests(fetch, routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })).length).toBe(loads + 1);
  });

  it('reloads the detail when the status changes (a retried task drops its old error)', async () => {
    mockMedia();
    let retried = false;
    const failed = {
      status: 'failed' as const,
      stage: 'analysis' as const,
      progress: 60,
      error: 'Timed out',
      result: null,
    };
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: detailFixture(retried ? { ...failed, status: 'processing', error: null } : failed),
        }),
    });
    await openDetail();
    expect(screen.getByTestId('status-error')).toHaveTextContent('Timed out');
    const source = MockEventSource.latest();
    source.open();
    retried = true;
    source.emit('task', { task_id: 42, status: 'processing', stage: 'analysis', progress: 61 });
    await waitFor(() => expect(screen.queryByTestId('status-error')).not.toBeInTheDocument());
    expect(screen.getByTestId('status-panel')).toHaveTextContent('Being analysed');
  });

  it('shows the stage and error of a failed task', async () => {
    mockMedia();
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: detailFixture({
            status: 'failed',
            stage: 'transcription',
            progress: 15,
            attempts: 5,
            error: 'OPENAI_API_KEY is not set.',
            result: null,
            transcript: null,
            metrics: null,
          }),
        }),
    });
    await openDetail();
    const panel = screen.getByTestId('status-panel');
    expect(panel).toHaveTextContent('The analysis failed');
    expect(panel).toHaveTextContent('Failed at stage: Transcribing');
    expect(within(panel).getByTestId('status-error')).toHaveTextContent('OPENAI_API_KEY is not set.');
    expect(panel).toHaveTextContent('Attempts: 5');
    expect(within(panel).getByRole('link', { name: 'Open failed tasks' })).toHaveAttribute(
      'href',
      '/projects/5/failed-tasks',
    );
    expect(screen.getByText('This analysis has no results.')).toBeInTheDocument();
  });

  it('shows a chat analysed before its messages were kept as its text, without a player', async () => {
    mockMedia();
    const detail = detailFixture();
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: {
            ...detail,
            media: { ...detail.media, kind: 'text', content_type: 'text/plain', file_name: 'chat.txt' },
            transcript: null,
            transcript_text: 'Agent: Hello\nCustomer: Hi there',
            metrics: null,
          },
        }),
    });
    await openDetail();
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(screen.getByTestId('transcript-text')).toHaveTextContent('Agent: Hello Customer: Hi there');
    // Quotes cannot seek without a recording.
    expect(within(field('Empathy')).getByTestId('evidence-quote').tagName).toBe('DIV');
  });

  it('shows a classification analysis: the choice and the chosen prompt’s results', async () => {
    mockMedia();
    const result: TaskResult = {
      ...scorecardResult,
      prompt: { id: 8, name: 'Renewals' },
      values: { Summary: 'Renewal talk', Renewed: 'ok' },
      evidence: {},
      classification: {
        prompt: { id: 3, name: 'Router' },
        field: 'Classification',
        chosen: { promptId: '8', promptName: 'Renewals' },
        values: { Classification: 'Renewals' },
        evidence: {
          Classification: {
            justification: 'They talked about renewing.',
            quote: '',
            timestamp: null,
            unsure: false,
          },
        },
      },
    };
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: detailFixture({
            result,
            prompt: {
              id: 3,
              name: 'Router',
              source: 'snapshot',
              data: {
                isClassification: true,
                finalScore: 'sum',
                content: [
                  {
                    key: 'Classification',
                    type: 'classification',
                    explanation: 'Which kind of call',
                    includeInScore: false,
                    classificationOptions: [
                      { promptId: '8', promptName: 'Renewals', description: 'Contract renewals' },
                    ],
                  },
                ],
              },
            },
          }),
        }),
      [routeKey(promptRoutes.get, { id: 5, promptId: 8 })]: () =>
        jsonResponse(200, {
          data: promptFixture({
            id: 8,
            scriptName: 'Renewals',
            finalScore: 'percent',
            content: [
              promptField('Summary'),
              promptField('Renewed', 'ok', { explanation: 'Did they renew?', includeInScore: true }),
            ],
          }),
        }),
    });
    await openDetail();
    const classification = screen.getByTestId('classification');
    expect(classification).toHaveTextContent('The classification prompt "Router" chose "Renewals"');
    expect(within(classification).getByText('Contract renewals')).toBeInTheDocument();
    expect(within(classification).getByText('They talked about renewing.')).toBeInTheDocument();
    const results = screen.getByTestId('results');
    expect(within(results).getByText('Renewals')).toBeInTheDocument();
    expect(await within(results).findByText('Did they renew?')).toBeInTheDocument();
    expect(value('Renewed')).toHaveTextContent('OK');
  });

  it('uses the chosen prompt stored with the result, without asking for the prompt as it is now', async () => {
    mockMedia();
    let fetchedPrompt = false;
    const result: TaskResult = {
      ...scorecardResult,
      prompt: {
        id: 8,
        name: 'Renewals',
        finalScore: 'percent',
        content: [
          { key: 'Renewed', type: 'ok', explanation: 'Was the contract renewed?', includeInScore: true },
        ],
      },
      values: { Renewed: 'ok' },
      evidence: {},
      classification: {
        prompt: { id: 3, name: 'Router' },
        field: 'Classification',
        chosen: { promptId: '8', promptName: 'Renewals' },
        values: { Classification: 'Renewals' },
        evidence: {},
      },
    };
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, { data: detailFixture({ result }) }),
      [routeKey(promptRoutes.get, { id: 5, promptId: 8 })]: () => {
        fetchedPrompt = true;
        return jsonResponse(404, { error: { code: 'not_found', message: 'gone' } });
      },
    });
    await openDetail();
    expect(
      await within(screen.getByTestId('results')).findByText('Was the contract renewed?'),
    ).toBeInTheDocument();
    expect(fetchedPrompt).toBe(false);
  });

  it('is print-friendly with ?pdf=1: no player or live stream, every line, a print button', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail('/projects/5/analysis/42?pdf=1');
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-analyse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export JSON' })).not.toBeInTheDocument();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    const transcript = screen.getByTestId('transcript');
    expect(within(transcript).getAllByRole('listitem')).toHaveLength(3);
    expect(within(transcript).queryByRole('button')).not.toBeInTheDocument();
    expect(within(field('Empathy')).getByTestId('evidence-quote').tagName).toBe('DIV');
    expect(MockEventSource.instances).toHaveLength(0);
  });

  it('opens at a moment a link names (a search result): plays from there and marks the piece, once', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail('/projects/5/analysis/42?segment=2&t=12.5');
    await waitFor(() => expect(media.setTime).toHaveBeenCalledWith(12.5));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('transcript-line-2')).toHaveAttribute('data-revealed', 'true');
    expect(screen.getByTestId('transcript-line-1')).not.toHaveAttribute('data-revealed');
    // Later clicks go where they lead; the link's moment is not sought again.
    fireEvent.click(
      within(screen.getByTestId('transcript')).getByText('Hi, I have a question about pricing?'),
    );
    expect(media.setTime).toHaveBeenLastCalledWith(4.5);
    expect(media.setTime).toHaveBeenCalledTimes(2);
  });

  it('opens a chat at the message a link names, without a player', async () => {
    mockMedia();
    const detail = detailFixture();
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: {
            ...detail,
            media: { ...detail.media, kind: 'text', content_type: 'text/plain', file_name: 'chat.txt' },
            transcript: detail.transcript!.map((segment) => ({ ...segment, start: null, end: null })),
          },
        }),
    });
    await openDetail('/projects/5/analysis/42?segment=1');
    await waitFor(() =>
      expect(screen.getByTestId('transcript-line-1')).toHaveAttribute('data-revealed', 'true'),
    );
  });

  it('ignores a moment in the print view', async () => {
    const media = mockMedia();
    mockAnalysesApi();
    await openDetail('/projects/5/analysis/42?pdf=1&segment=2&t=12.5');
    expect(screen.getByTestId('transcript-line-2')).not.toHaveAttribute('data-revealed');
    expect(media.setTime).not.toHaveBeenCalled();
  });

  it('links to the print view from the normal page', async () => {
    mockMedia();
    mockAnalysesApi();
    await openDetail();
    expect(screen.getByRole('link', { name: 'Print view' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42?pdf=1',
    );
  });

  it('redirects /analyses/{id} to /analysis/{id}, keeping the query', async () => {
    mockMedia();
    mockAnalysesApi();
    renderRoutes(analysesRoutes, '/projects/5/analyses/42?pdf=1');
    await waitFor(() => expect(location()).toBe('/projects/5/analysis/42?pdf=1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pricing call with Acme' }),
    ).toBeInTheDocument();
  });

  it('says so for an id that is not a number, and for a missing analysis', async () => {
    mockAnalysesApi({
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 77 })]: () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'Analysis not found.' } }),
    });
    renderRoutes(analysesRoutes, '/projects/5/analysis/abc');
    expect(await screen.findByText('Analysis not found.')).toBeInTheDocument();
  });
});

describe('final score explanation', () => {
  const base: FinalScore = {
    mode: 'sum',
    score: 7,
    sum: 7,
    maxBounded: 3,
    base: null,
    fields: [
      { path: 'Greeted', type: 'bool', points: 1, max: 1 },
      { path: 'Empathy', type: 'marks', points: 2, max: 2 },
      { path: 'Interruptions', type: 'int', points: 4, max: null },
    ],
    knockouts: [],
  };

  it('sum: the sum of the counted fields', () => {
    render(<FinalScoreCard score={base} />);
    expect(screen.getByTestId('score-explanation')).toHaveTextContent(
      'The sum of the points of the 3 counted fields: 7.',
    );
    expect(screen.getByTestId('final-score')).toHaveTextContent('7');
  });

  it('percent without a max score: divides by what the fields could give', () => {
    render(<FinalScoreCard score={{ ...base, mode: 'percent', score: 100, base: 7 }} />);
    expect(screen.getByTestId('score-explanation')).toHaveTextContent(
      '7 points out of 7 possible (the most the counted fields could give) × 100 = 100 %',
    );
  });

  it('percent with nothing to divide by', () => {
    render(<FinalScoreCard score={{ ...base, mode: 'percent', score: null, base: null, fields: [] }} />);
    expect(screen.getByTestId('score-explanation')).toHaveTextContent('No percentage');
    expect(screen.getByTestId('final-score')).toHaveTextContent('—');
  });

  it('descending: starts at the maximum and deducts what each field missed', () => {
    const score: FinalScore = {
      ...base,
      mode: 'descending',
      score: 0,
      base: 3,
      fields: [
        { path: 'Greeted', type: 'bool', points: 0, max: 1 },
        { path: 'Empathy', type: 'marks', points: 2, max: 2 },
        { path: 'Interruptions', type: 'int', points: 4, max: null },
      ],
    };
    render(<FinalScoreCard score={score} />);
    expect(screen.getByTestId('score-explanation')).toHaveTextContent(
      'Starts at 3 (the most the counted fields could give) and deducts what each field missed: 3 − 5 = 0 (never below 0).',
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual(['−1', '0', '−4']);
  });

  it('descending from the prompt’s max score', () => {
    render(
      <FinalScoreCard
        score={{ ...base, mode: 'descending', score: 8, base: 10, fields: base.fields.slice(0, 2) }}
      />,
    );
    expect(screen.getByTestId('score-explanation')).toHaveTextContent(
      "Starts at the prompt's maximum score of 10 and deducts what each field missed: 10 − 0 = 8",
    );
  });
});
