import { projectRoutes, TIMINGS } from '@parley/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, routeAnswer, routeKey, testProject } from '../../test/utils';
import { ProjectForm } from './ProjectForm';

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const location = () => screen.getByTestId('location').textContent;

const routes = [
  { path: '/projects/new', element: <ProjectForm mode="create" /> },
  { path: '/projects/5/edit', element: <ProjectForm mode="edit" project={testProject()} /> },
  {
    path: '/projects/5/read-only',
    element: <ProjectForm mode="edit" project={testProject()} readOnly framed={false} />,
  },
  { path: '*', element: <div>elsewhere</div> },
];

describe('ProjectForm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('requires a name (name_required) after trimming', async () => {
    const fetch = mockFetch({});
    renderRoutes(routes, '/projects/new');
    await flush();
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: '    ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await flush();
    expect(screen.getByText('Project name is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/projects')).toBe(false);
  });

  it('defaults to Sales and UTC, sends the trimmed name and redirects 1.5 s after creation', async () => {
    const fetch = mockFetch({
      [routeKey(projectRoutes.create)]: (_url, init) => {
        const body = JSON.parse(String(init?.body));
        return routeAnswer(projectRoutes.create, { data: testProject({ id: 42, ...body }) });
      },
    });
    renderRoutes(routes, '/projects/new');
    await flush();
    expect(screen.getByRole('combobox', { name: 'Project Role' })).toHaveTextContent('Sales');
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('UTC');
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: '  Support team  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await flush();
    await flush();

    const call = fetch.mock.calls.find(([url, init]) => url === '/api/projects' && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Support team',
      description: '',
      role: 'Sales',
      timezone: 'UTC',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Project created successfully');
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.projectCreateRedirectMs - 1));
    expect(location()).toBe('/projects/new');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(location()).toBe('/projects/42');
  });

  it('shows save_error when saving fails', async () => {
    mockFetch({
      [routeKey(projectRoutes.create)]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'Database down' } }),
    });
    renderRoutes(routes, '/projects/new');
    await flush();
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await flush();
    await flush();
    expect(screen.getByText('Failed to save the project')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it('cancel goes to /projects on create and to /projects/{id} on edit', async () => {
    mockFetch({});
    const { unmount } = renderRoutes(routes, '/projects/new');
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(location()).toBe('/projects');
    unmount();

    renderRoutes(routes, '/projects/5/edit');
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(location()).toBe('/projects/5');
  });

  it('edit saves with PUT and shows update_success', async () => {
    const fetch = mockFetch({
      [routeKey(projectRoutes.update, { id: 5 })]: (_url, init) =>
        routeAnswer(projectRoutes.update, { data: testProject(JSON.parse(String(init?.body))) }),
    });
    renderRoutes(routes, '/projects/5/edit');
    await flush();
    expect(screen.getByLabelText(/Project Name/)).toHaveValue('Sales Calls');
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: 'Renamed ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await flush();
    await flush();
    const call = fetch.mock.calls.find(([url]) => url === '/api/projects/5');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ name: 'Renamed' });
    expect(screen.getByRole('status')).toHaveTextContent('Project updated successfully');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(location()).toBe('/projects/5/edit');
  });

  it('has its own outlined frame on create and edit unless framed is false', async () => {
    mockFetch({});
    const { unmount } = renderRoutes(routes, '/projects/new');
    await flush();
    expect(document.querySelector('.MuiPaper-outlined form')).not.toBeNull();
    unmount();

    const edit = renderRoutes(routes, '/projects/5/edit');
    await flush();
    expect(document.querySelector('.MuiPaper-outlined form')).not.toBeNull();
    edit.unmount();

    renderRoutes(routes, '/projects/5/read-only');
    await flush();
    expect(document.querySelector('form')).not.toBeNull();
    expect(document.querySelector('.MuiPaper-outlined')).toBeNull();
  });

  it('read-only edit: fields and Save disabled, submitting sends nothing, cancel still leaves', async () => {
    const fetch = mockFetch({
      [routeKey(projectRoutes.update, { id: 5 })]: () =>
        routeAnswer(projectRoutes.update, { data: testProject() }),
    });
    renderRoutes(routes, '/projects/5/read-only');
    await flush();
    expect(screen.getByLabelText(/Project Name/)).toHaveValue('Sales Calls');
    expect(screen.getByLabelText(/Project Name/)).toBeDisabled();
    expect(screen.getByLabelText('Description')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Project Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    fireEvent.submit(document.querySelector('form')!);
    await flush();
    await flush();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(location()).toBe('/projects/5');
  });
});
