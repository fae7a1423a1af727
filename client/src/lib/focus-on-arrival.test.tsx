import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { FOCUS_ON_ARRIVAL, useFocusOnArrival } from './focus-place';

function Arrived() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  return (
    <h1 ref={heading} tabIndex={-1}>
      Project: Adder
    </h1>
  );
}

function renderAt(state: unknown) {
  const router = createMemoryRouter([{ path: '/editor', element: <Arrived /> }], {
    initialEntries: [{ pathname: '/editor', state }],
  });
  render(<RouterProvider router={router} />);
  return screen.getByRole('heading', { name: 'Project: Adder' });
}

describe('useFocusOnArrival', () => {
  it('focuses the heading of a page opened with FOCUS_ON_ARRIVAL', () => {
    expect(renderAt(FOCUS_ON_ARRIVAL)).toHaveFocus();
  });

  it('leaves the focus alone on an ordinary visit', () => {
    expect(renderAt(null)).not.toHaveFocus();
  });

  it('does not take the focus from where the user has put it', () => {
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    renderAt(FOCUS_ON_ARRIVAL);
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
});
