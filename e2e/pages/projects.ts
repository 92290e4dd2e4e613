import type { Locator, Page } from '@playwright/test';
import { AppShell, choose } from './shell.ts';

/** /dashboard: the projects of the user. */
export class ProjectsListPage extends AppShell {
  readonly table: Locator;
  readonly emptyHeading: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Projects' });
    this.emptyHeading = page.getByRole('heading', { name: 'No projects yet' });
  }

  async open(): Promise<void> {
    await this.page.goto('/dashboard');
  }

  /** The row whose name links to the project. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

/** /projects/new and /projects/{id}/edit: the project form. */
export class ProjectForm extends AppShell {
  readonly name: Locator;
  readonly description: Locator;
  readonly role: Locator;
  readonly timezone: Locator;
  readonly status: Locator;

  constructor(page: Page) {
    super(page);
    this.name = page.getByRole('textbox', { name: 'Project Name' });
    this.description = page.getByRole('textbox', { name: 'Description' });
    this.role = page.getByRole('combobox', { name: 'Project Role' });
    this.timezone = page.getByRole('combobox', { name: 'Timezone' });
    this.status = page.getByRole('status');
  }

  async openNew(): Promise<void> {
    await this.page.goto('/projects/new');
  }

  async openEdit(projectId: number): Promise<void> {
    await this.page.goto(`/projects/${projectId}/edit`);
  }

  button(name: 'Create Project' | 'Save Changes' | 'Cancel'): Locator {
    return this.page.getByRole('button', { name });
  }

  async chooseRole(role: string): Promise<void> {
    await choose(this.page, this.role, role);
  }

  async chooseTimezone(timezone: string): Promise<void> {
    await choose(this.page, this.timezone, timezone);
  }
}

type Kpi = 'analyses' | 'averageScore' | 'passRate' | 'unitsUsed';

/** /projects/{id}/dashboard: KPIs, score trend, representatives, most-missed items, recent analyses. */
export class ProjectDashboard extends AppShell {
  async open(projectId: number): Promise<void> {
    await this.page.goto(`/projects/${projectId}/dashboard`);
  }

  kpi(key: Kpi): Locator {
    return this.page.getByTestId(`kpi-${key}`);
  }

  kpiValue(key: Kpi): Locator {
    return this.kpi(key).getByTestId('kpi-value');
  }

  missedItem(label: string): Locator {
    return this.page.getByTestId('most-missed').getByRole('link', { name: new RegExp(label) });
  }
}
