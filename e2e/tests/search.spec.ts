import { AnalysisPage } from '../pages/analyses.ts';
import { SearchPage } from '../pages/search.ts';
import { choose } from '../pages/shell.ts';
import { projectWithScorecard, uploadViaApi, waitForStatus } from '../support/analyses.ts';
import { expectNoViolations } from '../support/axe.ts';
import { uniqueMarker } from '../support/fake-llm.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Analyses complete in the background on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };

test('a member searches a phrase: the snippets mark it, Said by narrows it, a click opens the moment', async ({
  page,
}) => {
  const { project, prompt } = await projectWithScorecard(page, { label: 'search' });
  // Chats: the fake model names the first speaker (Agent) the representative, the other the customer.
  const chat = async (representative: string, agentSays: string, clientSays: string) => {
    const marker = uniqueMarker('search');
    const text = Buffer.from(`Agent: ${agentSays} ${marker}\nClient: ${clientSays}\n`);
    const uploaded = await uploadViaApi(
      page.request,
      project.id,
      { path: '', fileName: 'chat.txt', contentType: 'text/plain', bytes: text },
      prompt.id,
      { Department: 'Sales', Representative: representative },
    );
    return uploaded.data.task_id!;
  };
  const customerSaid = await chat(
    'Ann Agent',
    'Good morning, Acme Solar, how can I help?',
    'I would like Solar Panels for my roof, and a <b>quote</b>.',
  );
  const representativeSaid = await chat(
    'Bob Agent',
    'Our solar panels come with a twenty year warranty.',
    'Thanks, I will think about it.',
  );
  const neither = await chat('Bob Agent', 'Good morning, Acme Solar.', 'Do you install heat pumps?');
  for (const taskId of [customerSaid, representativeSaid, neither])
    await waitForStatus(page.request, project.id, taskId, 'completed');

  // From the sidebar: the page hints what to do before anything is searched.
  await page.goto(`/projects/${project.id}/analyses`);
  const search = new SearchPage(page);
  await search.navItem('search').click();
  await expect(page).toHaveURL(SearchPage.path(project.id));
  await expect(page.getByText('Search every conversation')).toBeVisible();

  // Words in this order, whatever their case; the snippet marks them and shows markup as it was written.
  await search.search('solar PANELS');
  await expect(page).toHaveURL(/\?q=solar\+PANELS$/);
  await expect(search.count).toHaveText('2 conversations');
  await expect(search.results()).toHaveCount(2);
  await expect(search.result(neither)).toHaveCount(0);
  const customerSnippet = search.result(customerSaid).getByTestId('search-snippet');
  await expect(customerSnippet).toContainText('Customer');
  await expect(customerSnippet.getByTestId('search-hit')).toHaveText('Solar Panels');
  await expect(customerSnippet).toContainText('and a <b>quote</b>.');
  await expect(customerSnippet.locator('b')).toHaveCount(0);
  await expect(search.result(representativeSaid).getByTestId('search-hit')).toHaveText('solar panels');
  await expect(search.result(customerSaid)).toContainText('Ann Agent · Sales');
  await expect(search.result(customerSaid).getByTestId('search-mentions')).toHaveText('1 mention');
  await shoot(page, 'search-results');
  await expectNoViolations(page, 'Search with results');

  // Said by the customer: the representative's mention goes.
  await choose(page, search.speaker, 'Customer');
  await expect(page).toHaveURL(/speaker=customer/);
  await expect(search.count).toHaveText('1 conversation');
  await expect(search.result(representativeSaid)).toHaveCount(0);

  // A refresh keeps the search.
  await page.reload();
  await expect(search.phrase).toHaveValue('solar PANELS');
  await expect(search.speaker).toHaveText('Customer');
  await expect(search.result(customerSaid)).toBeVisible();

  // Nothing found: said so.
  await search.search('wind turbine');
  await expect(page.getByText('No conversations found')).toBeVisible();
  await page.goBack();
  await expect(search.result(customerSaid)).toBeVisible();

  // The snippet opens the analysis at that message, marked and in view.
  await search.result(customerSaid).getByTestId('search-snippet').click();
  await expect(page).toHaveURL(new RegExp(`/analysis/${customerSaid}\\?segment=1$`));
  const analysis = new AnalysisPage(page);
  await expect(analysis.transcriptLine(1)).toHaveAttribute('data-revealed', 'true');
  await expect(analysis.transcriptLine(1)).toContainText('I would like Solar Panels for my roof');
  await expect(analysis.transcriptLine(1)).toBeInViewport();

  // Back to the results, on a phone: nothing scrolls sideways.
  await page.goBack();
  await page.setViewportSize(PHONE);
  await expect(search.result(customerSaid)).toBeVisible();
  const widths = (await page.evaluate(
    '({ scroll: document.documentElement.scrollWidth, window: window.innerWidth })',
  )) as { scroll: number; window: number };
  expect(widths.scroll, 'the search page scrolls sideways at 390 px').toBe(widths.window);
  await shoot(page, 'search-results-390');
});
