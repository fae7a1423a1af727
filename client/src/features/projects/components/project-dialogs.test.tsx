import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import type { Example, ProjectSummary } from '@/lib/api/schemas';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CreateProjectDialog } from './create-project-dialog';
import { ImportExampleDialog } from './import-example-dialog';
import { ProjectsPage } from './projects-page';
import { RenameProjectDialog } from './rename-project-dialog';

// The API client is built from the live OpenAPI document; here it is a stand-in with the operations used.
vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));

const api = {
  createProject: vi.fn(),
  listProjects: vi.fn(),
  listExamples: vi.fn(),
  buildConfigs: vi.fn(),
};
vi.mocked(getApiClient).mockResolvedValue(api as unknown as ApiClient);

const EXAMPLES: Example[] = [
  {
    id: 'moving-average',
    name: 'Moving Average',
    description: 'Averages InputA.',
    language: 'vhdl',
    files: ['top.vhd'],
  },
  {
    id: 'arithmetic-unit',
    name: 'Arithmetic Unit',
    description: 'Adds or subtracts.',
    language: 'verilog',
    files: ['top.v'],
  },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(entry: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/projects" element={<ProjectsPage />} />
        <Route path="/editor/:id" element={<p>Editor</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [entry] },
  );
}

beforeEach(() => {
  Object.values(api).forEach((mock) => mock.mockReset());
});

describe('CreateProjectDialog', () => {
  const renderDialog = () => {
    const onCreated = vi.fn();
    renderWithProviders(<CreateProjectDialog open onOpenChange={vi.fn()} onCreated={onCreated} />);
    return {
      onCreated,
      field: screen.getByRole('textbox', { name: 'Project Name' }),
      create: screen.getByRole('button', { name: 'Create' }),
    };
  };

  it('refuses an empty, blank or too long name at the field without calling the API', async () => {
    const { field, create } = renderDialog();
    await userEvent.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Project name is required.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Project name is required.');
    expect(field).toHaveFocus();
    await userEvent.type(field, '   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Project name cannot be only spaces.');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('n'.repeat(101));
    expect(screen.getByRole('alert')).toHaveTextContent('at most 100 characters (it has 101)');
    await userEvent.click(create);
    expect(api.createProject).not.toHaveBeenCalled();
  });

  it('shows the server refusal at the field and keeps what was typed', async () => {
    api.createProject.mockRejectedValue(new ApiError(409, 'A project named Adder already exists'));
    const { field, create, onCreated } = renderDialog();
    await userEvent.type(field, 'adder');
    await userEvent.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent('A project named Adder already exists');
    expect(field).toHaveValue('adder');
    expect(onCreated).not.toHaveBeenCalled();
    // Typing again clears the refusal.
    await userEvent.type(field, 's');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('joins a validation error list into one message', async () => {
    api.createProject.mockRejectedValue(new ApiError(422, 'String should have at most 100 characters; Field required'));
    const { field, create } = renderDialog();
    await userEvent.type(field, 'ok');
    await userEvent.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'String should have at most 100 characters; Field required',
    );
  });

  it('creates the project with the name typed', async () => {
    api.createProject.mockResolvedValue({ data: { id: 'p1', name: 'Counter' } });
    const { field, create, onCreated } = renderDialog();
    await userEvent.type(field, 'Counter{Enter}');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 'p1', name: 'Counter' }));
    expect(api.createProject).toHaveBeenCalledWith(null, { name: 'Counter' });
    expect(create).toBeInTheDocument();
  });
});

describe('the project dialogs open on their first field, so typing at once lands there', () => {
  it('Create Project: the empty name field', async () => {
    renderWithProviders(<CreateProjectDialog open onOpenChange={vi.fn()} onCreated={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Project Name' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('Counter');
    expect(field).toHaveValue('Counter');
  });

  it('Rename Project: the name field, its current name selected so typing replaces it', async () => {
    const project = { id: 'p1', name: 'Adder' } as ProjectSummary;
    renderWithProviders(<RenameProjectDialog project={project} onClose={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Project Name' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('Subtractor');
    expect(field).toHaveValue('Subtractor');
  });

  it('Import Example: the example choice, once the examples have arrived; arrows choose', async () => {
    let answer: (value: { data: Example[] }) => void = () => {};
    api.listExamples.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<ImportExampleDialog open onOpenChange={vi.fn()} onCreated={vi.fn()} />);
    // Still loading: the dialog itself holds focus, not its × button.
    const dialog = screen.getByRole('dialog', { name: 'Import Example' });
    await waitFor(() => expect(dialog).toHaveFocus());
    answer({ data: EXAMPLES });
    const first = await screen.findByRole('radio', { name: /Moving Average/ });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Arithmetic Unit/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Project Name' })).toHaveValue('Arithmetic Unit');
  });

  it('Import Example from a link: the example the link chose', async () => {
    api.listExamples.mockResolvedValue({ data: EXAMPLES });
    renderWithProviders(
      <ImportExampleDialog open onOpenChange={vi.fn()} requestedExample="Arithmetic Unit" onCreated={vi.fn()} />,
    );
    const chosen = await screen.findByRole('radio', { name: /Arithmetic Unit/ });
    expect(chosen).toBeChecked();
    await waitFor(() => expect(chosen).toHaveFocus());
  });
});

describe('ProjectsPage', () => {
  it('tells a user without projects what to do', async () => {
    api.listProjects.mockResolvedValue({ data: [] as ProjectSummary[] });
    renderPage('/projects');
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a project' }));
    expect(screen.getByRole('dialog', { name: 'Create Project' })).toBeInTheDocument();
  });

  it('opens the import dialog from a link, with its example and hardware, and imports it', async () => {
    api.listProjects.mockResolvedValue({ data: [] as ProjectSummary[] });
    api.listExamples.mockResolvedValue({ data: EXAMPLES });
    api.buildConfigs.mockResolvedValue({
      data: {
        os_versions: ['4.1.1'],
        hardware: [{ id: 'mk-lab', name: 'MK Lab', clock_mhz: 125, slots: [2] }],
        targets: [{ id: 'CustomInstrument', name: 'Custom Instrument', legacy: false, description: '' }],
        interpolation: { default: true, description: '' },
      },
    });
    api.createProject.mockResolvedValue({ data: { id: 'new-id', name: 'Moving Average' } });
    renderPage('/projects?action=import&hardware=mk-lab&example=Moving+Average');

    const dialog = await screen.findByRole('dialog', { name: 'Import Example' });
    expect(await screen.findByRole('radio', { name: /Moving Average/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Arithmetic Unit/ })).toHaveAccessibleDescription('Adds or subtracts.');
    expect(screen.getByRole('textbox', { name: 'Project Name' })).toHaveValue('Moving Average');
    expect(await screen.findByText('The project will be set up for the MK Lab.')).toBeInTheDocument();

    // Choosing another example renames the project, until the user types a name of their own.
    await userEvent.click(screen.getByRole('radio', { name: /Arithmetic Unit/ }));
    expect(screen.getByRole('textbox', { name: 'Project Name' })).toHaveValue('Arithmetic Unit');
    await userEvent.click(screen.getByRole('radio', { name: /Moving Average/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Project Name' }), ' 2');
    await userEvent.click(screen.getByRole('radio', { name: /Arithmetic Unit/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Moving Average/ }));
    expect(screen.getByRole('textbox', { name: 'Project Name' })).toHaveValue('Moving Average 2');

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/editor/new-id'));
    expect(api.createProject).toHaveBeenCalledWith(null, {
      name: 'Moving Average 2',
      example: 'moving-average',
      config: { hardware: 'mk-lab', slots: 2, os_version: '4.1.1', target: 'CustomInstrument', interpolation: true },
    });
    expect(dialog).not.toBeInTheDocument();
  });

  it('says when a link names no known example, and forgets the link on close', async () => {
    api.listProjects.mockResolvedValue({ data: [] as ProjectSummary[] });
    api.listExamples.mockResolvedValue({ data: EXAMPLES });
    renderPage('/projects?action=import&example=Nope');
    expect(await screen.findByText('There is no example named “Nope”. Choose one from the list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/projects$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
