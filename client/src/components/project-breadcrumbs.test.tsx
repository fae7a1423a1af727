import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProjectBreadcrumbs } from './project-breadcrumbs';

describe('ProjectBreadcrumbs', () => {
  it('leads Projects › the project (its editor, the whole name as title) › each step, the last the current page', () => {
    render(
      <MemoryRouter>
        <ProjectBreadcrumbs
          projectId="p 1"
          projectName="A long project name"
          steps={[{ label: 'Builds', to: '/builds/p%201' }, { label: 'abc1234' }]}
        />
      </MemoryRouter>,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(trail).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Projects', 'A long project name', 'Builds', 'abc1234']);
    expect(within(trail).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    const project = within(trail).getByRole('link', { name: 'A long project name' });
    expect(project).toHaveAttribute('href', '/editor/p%201');
    expect(project).toHaveAttribute('title', 'A long project name');
    expect(within(trail).getByRole('link', { name: 'Builds' })).toHaveAttribute('href', '/builds/p%201');
    expect(within(trail).queryByRole('link', { name: 'abc1234' })).toBeNull();
    expect(within(trail).getByText('abc1234')).toHaveAttribute('aria-current', 'page');
  });
});
