import { authRoutes } from '@parley/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { writeLastProjectId } from '../../shared/app/selection';
import { mockPromptApi } from '../../test/prompts';
import { renderRoutes, routeKey, sessionAnswer } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

describe('prompt routes', () => {
  it('serve the prompt pages to project managers and refuse other members', async () => {
    mockPromptApi({ [routeKey(authRoutes.session)]: () => sessionAnswer() });
    const { router } = renderRoutes(routes, '/projects/5/prompts');
    // the shell and the page are lazy chunks: give their first import time when the suite runs in parallel
    expect(await screen.findByTestId('prompt-row-11', {}, { timeout: 5000 })).toBeInTheDocument();
    await router.navigate('/projects/7/prompts/new');
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
  });

  it('/prompts/new?project_id= and /prompts/edit?projectId= open the project’s form', async () => {
    mockPromptApi({ [routeKey(authRoutes.session)]: () => sessionAnswer() });
    const { router } = renderRoutes(routes, '/prompts/new?project_id=5');
    expect(await screen.findByRole('tab', { name: 'AI Generator' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/projects/5/prompts/new');
    await router.navigate('/prompts/edit?projectId=6&promptName=Sales%20QA');
    // (the form asks for the prompt, which this test's API does not know: loading, then the failure)
    await waitFor(() =>
      expect(screen.getByText(/Loading prompt|Failed to load the prompt/)).toBeInTheDocument(),
    );
    expect(location()).toBe('/projects/6/prompts/edit?promptName=Sales+QA');
  });

  it('/prompts without a project uses the last selected one, else the projects list', async () => {
    mockPromptApi({ [routeKey(authRoutes.session)]: () => sessionAnswer() });
    const { unmount } = renderRoutes(routes, '/prompts');
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    unmount();
    writeLastProjectId(5);
    renderRoutes(routes, '/prompts');
    expect(await screen.findByTestId('prompt-row-11')).toBeInTheDocument();
    expect(location()).toBe('/projects/5/prompts');
  });
});
