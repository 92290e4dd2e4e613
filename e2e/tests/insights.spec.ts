import type { InsightAnswer } from '@parley/contracts';
import { AnalysesListPage, AnalysisPage } from '../pages/analyses.ts';
import { InsightPage, InsightsPage } from '../pages/insights.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { answer, scriptLlm, uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.use({ timezoneId: 'UTC' });

/** The model's answer (contracts InsightModelAnswer) to the insight: one finding citing Ann's analysis that missed the budget. */
const insightAnswer = (missedTask: number): InsightAnswer => ({
  summary: 'Ann Agent skips the budget question in half of her calls; Bob Brown always asks it.',
  findings: [
    {
      title: 'The budget is skipped',
      detail: 'One of two calls of Ann Agent never discussed the budget.',
      figures: [{ label: 'Pass rate of Discovery - Budget for Ann Agent', value: '50 %' }],
      citations: [
        {
          label: "Ann Agent's calls without a budget question",
          analysis_ids: [missedTask],
          representative: 'Ann Agent',
          department: null,
          field: 'Discovery.Budget',
          field_outcome: 'missed',
          moments: [],
        },
      ],
    },
  ],
  actions: [{ title: 'Coach Ann Agent on discovery', detail: 'Role-play asking for the budget early.' }],
});

test('a manager asks an AI insight over analysed calls and follows its source to the analyses', async ({
  page,
}) => {
  const { project, prompt, taskIds } = await analysedChats(page, 'insights', [
    { representative: 'Ann Agent', missedBudget: true },
    { representative: 'Ann Agent' },
    { representative: 'Bob Brown' },
  ]);
  const missedTask = taskIds[0]!;

  const insights = new InsightsPage(page);
  await insights.open(project.id);
  await expect(insights.heading('AI Insights')).toBeVisible();
  await expect(insights.history.getByText('No insights yet')).toBeVisible();
  await expect(insights.askButton).toBeDisabled();
  // The prompt is chosen for the user; its budget item shows what the data holds.
  await expect(insights.form.getByRole('combobox', { name: 'Prompt' })).toHaveText(prompt.scriptName);
  await insights.choose('Analysis fields', 'Discovery - Budget');
  await insights.choose('Departments', 'Sales');
  const budget = insights.contextOf('Discovery - Budget');
  await expect(budget).toContainText('2 distinct values');
  await expect(budget.getByText(/^Yes · 2$/)).toBeVisible();
  await expect(budget.getByText(/^No · 1$/)).toBeVisible();
  await expect(insights.price).toContainText('units');

  const marker = uniqueMarker('insight');
  await scriptLlm(marker, answer(insightAnswer(missedTask)));
  await insights.question.fill(`Who skips the budget question, and how often? ${marker}`);
  await shoot(page, 'insights-form');
  await insights.askButton.click();

  const insight = new InsightPage(page);
  await expect(page).toHaveURL(/\/analytics\/insights\/\d+$/);
  const insightId = insight.idFromUrl();
  // The insight runs on the server: a reload keeps following it.
  await page.reload();
  await expect(insight.summary).toContainText('Ann Agent skips the budget question', { timeout: 30_000 });
  await expect(insight.status).toHaveText('Completed');
  await expect(insight.meta).toContainText('Based on 3 analyses');
  await expect(insight.findings).toContainText('Pass rate of Discovery - Budget for Ann Agent50 %');
  await expect(insight.actions).toContainText('Coach Ann Agent on discovery');
  await shoot(page, 'insights-answer');

  await insight.example(missedTask).click();
  await expect(page).toHaveURL(new RegExp(`/analysis/${missedTask}$`));
  await expect(new AnalysisPage(page).results).toBeVisible();
  await page.goBack();

  await insight.citation("Ann Agent's calls without a budget question").click();
  await expect(page).toHaveURL(/representative=Ann(\+|%20)Agent/);
  await expect(page).toHaveURL(/field=Discovery\.Budget&field_outcome=missed/);
  await expect(page).toHaveURL(new RegExp(`prompt_id=${prompt.id}`));
  const list = new AnalysesListPage(page);
  await expect(list.row(missedTask)).toBeVisible();
  await expect(page.getByTestId(/^analysis-row-/)).toHaveCount(1);

  await insights.open(project.id);
  const row = insights.historyRow(insightId);
  await expect(row).toContainText('Who skips the budget question');
  await expect(row).toContainText('Completed');
  await row.click();
  await expect(insight.summary).toBeVisible();
});

test('an insight that searched the transcripts cites the moment it rests on, and the link opens it', async ({
  page,
}) => {
  const { project } = await analysedChats(page, 'insight-search', [
    { representative: 'Ann Agent' },
    { representative: 'Bob Brown' },
  ]);
  const insights = new InsightsPage(page);
  await insights.open(project.id);
  await insights.question.fill('What do customers ask for?');
  // The fake model cites the first moment of the search it is handed (fake-llm.ts insightAnswer).
  await insights.form.getByRole('textbox', { name: 'Search the transcripts for' }).fill('panels for my roof');
  await expect(insights.price).toContainText('units');
  await insights.askButton.click();

  const insight = new InsightPage(page);
  await expect(insight.summary).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Transcripts searched for “panels for my roof”')).toBeVisible();
  // A chat without times: the moment is its message, the customer's (the second).
  const moment = insight.findings.getByTestId('insight-moment');
  await expect(moment).toHaveText(/^#\d+, message 2$/);
  await shoot(page, 'insight-moment');
  await moment.click();
  await expect(page).toHaveURL(/\/analysis\/\d+\?segment=1$/);
  const analysis = new AnalysisPage(page);
  await expect(analysis.transcriptLine(1)).toHaveAttribute('data-revealed', 'true');
  await expect(analysis.transcriptLine(1)).toContainText('I would like panels for my roof.');
});
