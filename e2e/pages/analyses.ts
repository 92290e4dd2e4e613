import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './shell.ts';

/** The status chip of an analysis row (or of the analysis page). */
export const statusOf = (scope: Locator): Locator => scope.getByTestId('task-status');

/** /projects/{id}/analyses: the analyses of a project, updated live. */
export class AnalysesListPage extends AppShell {
  readonly liveIndicator: Locator;

  constructor(page: Page) {
    super(page);
    this.liveIndicator = page.getByTestId('live-indicator');
  }

  static path(projectId: number): string {
    return `/projects/${projectId}/analyses`;
  }

  /** Opens the list and waits until it follows the analyses live. */
  async open(projectId: number): Promise<void> {
    await this.page.goto(AnalysesListPage.path(projectId));
    await expect(this.liveIndicator).toHaveText('Live');
  }

  row(taskId: number): Locator {
    return this.page.getByTestId(`analysis-row-${taskId}`);
  }
}

interface PlayerState {
  currentTime: number;
  readyState: number;
  paused: boolean;
}

/** The player's media element (a string: the e2e tsconfig has no DOM types in page functions). */
const MEDIA = `document.querySelector('[data-testid="player"] audio, [data-testid="player"] video')`;

/** /projects/{id}/analysis/{taskId}: the status, transcript, results, metrics and player of one analysis. */
export class AnalysisPage extends AppShell {
  readonly status: Locator;
  readonly statusPanel: Locator;
  readonly statusError: Locator;
  readonly transcript: Locator;
  readonly results: Locator;
  readonly finalScore: Locator;
  readonly scoreExplanation: Locator;
  readonly metrics: Locator;
  readonly details: Locator;
  readonly unitsCharged: Locator;
  /** Who each speaker is (a role select each), Swap roles, and the metrics by role. */
  readonly speakerRoles: Locator;
  readonly roleMetrics: Locator;
  readonly swapRoles: Locator;

  constructor(page: Page) {
    super(page);
    this.status = statusOf(this.main).first();
    this.statusPanel = page.getByTestId('status-panel');
    this.statusError = page.getByTestId('status-error');
    this.transcript = page.getByTestId('transcript');
    this.results = page.getByTestId('results');
    this.finalScore = page.getByTestId('final-score');
    this.scoreExplanation = page.getByTestId('score-explanation');
    this.metrics = this.main.getByRole('region', { name: 'Conversation metrics' });
    this.details = this.main.getByRole('region', { name: 'Details' });
    this.unitsCharged = page.getByTestId('units-charged');
    this.speakerRoles = page.getByTestId('speaker-roles');
    this.roleMetrics = page.getByTestId('role-metrics');
    this.swapRoles = this.speakerRoles.getByRole('button', { name: 'Swap roles' });
  }

  static path(projectId: number, taskId: number): string {
    return `/projects/${projectId}/analysis/${taskId}`;
  }

  async open(projectId: number, taskId: number): Promise<void> {
    await this.page.goto(AnalysisPage.path(projectId, taskId));
  }

  transcriptLine(index: number): Locator {
    return this.page.getByTestId(`transcript-line-${index}`);
  }

  /** A row of the metrics by role ('talkShare', 'wordShare' ...): its label, the representative's, the customer's. */
  roleMetric(row: string): Locator {
    return this.roleMetrics.getByTestId(`role-metric-${row}`).getByRole('cell');
  }

  /** A result field by its key path ('Greeting', 'Discovery.Budget'). */
  field(key: string): Locator {
    return this.page.getByTestId(`field-${key}`);
  }

  fieldValue(key: string): Locator {
    return this.page.getByTestId(`field-value-${key}`);
  }

  fieldPoints(key: string): Locator {
    return this.page.getByTestId(`field-points-${key}`);
  }

  /** The model's evidence for a field: its justification and quote. */
  evidence(key: string): Locator {
    return this.field(key).getByTestId('evidence');
  }

  /** The quote the model gave as evidence for a field (clicking it plays from there). */
  evidenceQuote(key: string): Locator {
    return this.field(key).getByTestId('evidence-quote');
  }

  async playerState(): Promise<PlayerState> {
    return this.page.evaluate(`(() => {
      const element = ${MEDIA};
      if (!element) throw new Error('No media element on the page');
      return { currentTime: element.currentTime, readyState: element.readyState, paused: element.paused };
    })()`);
  }

  /** Pauses the player (seeking plays from the new position). */
  async pausePlayer(): Promise<void> {
    await this.page.evaluate(`${MEDIA}?.pause()`);
  }

  /** Waits until the player's position is `seconds` (seeking also plays: allow what has played since). */
  async expectPlayerAt(seconds: number): Promise<void> {
    await expect
      .poll(
        async () => {
          const { currentTime } = await this.playerState();
          return currentTime >= seconds - 0.01 && currentTime < seconds + 2.5;
        },
        { message: `the player is at ${seconds} s` },
      )
      .toBe(true);
  }
}

/** /projects/{id}/failed-tasks: the analyses that failed, to retry. */
export class FailedTasksPage extends AppShell {
  row(taskId: number): Locator {
    return this.page.getByTestId(`failed-row-${taskId}`);
  }

  retryButton(taskId: number, fileName: string): Locator {
    return this.row(taskId).getByRole('button', { name: `Retry ${fileName}` });
  }
}
