import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ColorSchemeProvider } from '@/lib/color-scheme/color-scheme-provider';
import { EditorStore, type EditorApi } from '../store/editor-store';
import { EditorPage } from './editor-page';

function emptyProjectApi(): EditorApi {
  return {
    getProjectFiles: vi.fn(async () => []),
    getFile: vi.fn(async () => ({ content: '', timestamp: null })),
    updateFile: vi.fn(async () => ({ timestamp: null })),
    createFile: vi.fn(async (_p: string, name: string) => ({ name })),
    deleteFile: vi.fn(async () => {}),
    renameFile: vi.fn(async () => {}),
  };
}

describe('EditorPage', () => {
  it('finishes loading under React StrictMode (its load effect runs twice)', async () => {
    const store = new EditorStore(emptyProjectApi());
    const router = createMemoryRouter([
      { path: '/', element: <EditorPage project={{ id: 'p1', name: 'Adder' }} store={store} /> },
    ]);
    render(
      <StrictMode>
        <ColorSchemeProvider>
          <RouterProvider router={router} />
        </ColorSchemeProvider>
      </StrictMode>,
    );
    expect(await screen.findByText(/No files in this project/)).toBeInTheDocument();
    expect(screen.queryByText('Loading files')).not.toBeInTheDocument();
  });
});
