import type { Project } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockPromptApi } from '../../test/prompts';
import { renderRoutes, testProject } from '../../test/utils';
import { newPromptValues } from './formValues';
import { PromptForm } from './PromptForm';
import { LAST_ROLE_STORAGE_KEY } from './shownRole';

/** The form on its own, for a project whose role may be unknown (the spec's fallbacks, §4). */
function renderForm(project: Project) {
  mockPromptApi();
  renderRoutes(
    [
      {
        path: '/projects/:projectId/prompts/new',
        element: <PromptForm mode="create" project={project} initialValues={newPromptValues('en')} />,
      },
    ],
    '/projects/5/prompts/new',
  );
  return screen.getByTestId('prompt-form-role');
}

const withoutRole = (): Project => {
  const { my_role: _unknown, ...project } = testProject();
  return project as Project;
};

describe('prompt form subtitle: the role shown', () => {
  it("is the selected project's role, kept as the last-known one", () => {
    expect(renderForm(testProject({ my_role: 'teamleader' }))).toHaveTextContent(
      'Sales Calls · Your role: Team Leader',
    );
    expect(localStorage.getItem(LAST_ROLE_STORAGE_KEY)).toBe('teamleader');
  });

  it('is the last-known role when the project role is unknown', () => {
    localStorage.setItem(LAST_ROLE_STORAGE_KEY, 'admin');
    expect(renderForm(withoutRole())).toHaveTextContent('Sales Calls · Your role: Admin');
  });

  it('is user when neither is known', () => {
    expect(renderForm(withoutRole())).toHaveTextContent('Sales Calls · Your role: User');
  });

  it('is user when the stored value is no role', () => {
    localStorage.setItem(LAST_ROLE_STORAGE_KEY, 'superhero');
    expect(renderForm(withoutRole())).toHaveTextContent('Sales Calls · Your role: User');
  });
});
