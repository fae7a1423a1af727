import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LogViewer, ROW_HEIGHT } from './log-viewer';

const VIEWPORT_HEIGHT = 400;

beforeEach(() => {
  // jsdom has no layout: give the scroll area a size so the virtualiser has a viewport to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT_HEIGHT);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

const numbered = (count: number, line: (n: number) => string = (n) => `INFO: step ${n}`) =>
  Array.from({ length: count }, (_, i) => line(i + 1));

const rows = () => document.querySelectorAll('.log-viewer__row');
const scroller = () => screen.getByRole('region', { name: 'Build log' });

describe('LogViewer', () => {
  it('renders only the rows in view (plus overscan) of a long log', () => {
    render(<LogViewer lines={numbered(100_000)} complete />);
    const visible = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT);
    expect(rows().length).toBeGreaterThanOrEqual(visible);
    expect(rows().length).toBeLessThan(visible + 80);
    expect(screen.getByText('INFO: step 1')).toBeInTheDocument();
    expect(screen.queryByText('INFO: step 100000')).not.toBeInTheDocument();
  });

  it('shows a waiting message for an empty running log and an empty one for a finished log', () => {
    const { rerender } = render(<LogViewer lines={[]} />);
    expect(screen.getByText('Waiting for log output…')).toBeInTheDocument();
    rerender(<LogViewer lines={[]} complete />);
    expect(screen.getByText('This log is empty.')).toBeInTheDocument();
  });

  it('draws ANSI colours as styled text and never as markup', () => {
    render(<LogViewer lines={['\u001b[31m<img src=x onerror="alert(1)">\u001b[0m done']} complete />);
    const red = screen.getByText('<img src=x onerror="alert(1)">');
    expect(red.style.color).toContain('--log-ansi-red');
    expect(document.querySelector('img')).toBeNull();
  });

  it('counts search matches over the whole log, not just the rows on screen, and steps with Enter', async () => {
    const user = userEvent.setup();
    const lines = numbered(5_000, (n) =>
      n === 20 || n === 4_990 ? `WARNING: timing not met on path ${n}` : `INFO: ${n}`,
    );
    render(<LogViewer lines={lines} complete />);
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'TIMING NOT');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of 2'));
    expect(document.querySelector('.log-viewer__match--current')).toHaveTextContent('timing not');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 2');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2');
    await user.clear(screen.getByRole('searchbox', { name: 'Search logs' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'absent');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results'));
  });

  it('follows a running log, stops when the user scrolls up, and resumes from the button', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LogViewer lines={numbered(1_000)} />);
    const follow = screen.getByRole('button', { name: 'Follow Log' });
    expect(follow).toHaveAttribute('aria-pressed', 'true');

    const element = scroller();
    let top = 1_000 * ROW_HEIGHT - VIEWPORT_HEIGHT;
    vi.spyOn(element, 'scrollTop', 'get').mockImplementation(() => top);
    vi.spyOn(element, 'scrollHeight', 'get').mockReturnValue(1_000 * ROW_HEIGHT);
    fireEvent.scroll(element);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    top -= 2_000;
    fireEvent.scroll(element);
    expect(follow).toHaveAttribute('aria-pressed', 'false');

    rerender(<LogViewer lines={numbered(1_200)} />);
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not follow a finished log, or a log opened on a permalink', () => {
    const { unmount } = render(<LogViewer lines={numbered(10)} complete />);
    expect(screen.getByRole('button', { name: 'Follow Log' })).toHaveAttribute('aria-pressed', 'false');
    unmount();
    render(<LogViewer lines={numbered(10)} highlight={{ from: 2, to: 3 }} />);
    expect(screen.getByRole('button', { name: 'Follow Log' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('selects a line on a line-number click and a range with Shift', async () => {
    const user = userEvent.setup();
    const onHighlightChange = vi.fn();
    render(
      <LogViewer lines={numbered(50)} complete highlight={{ from: 3, to: 3 }} onHighlightChange={onHighlightChange} />,
    );
    expect(document.querySelector('[data-line="3"]')).toHaveClass('log-viewer__row--selected');
    await user.click(screen.getByRole('button', { name: '7' }));
    expect(onHighlightChange).toHaveBeenLastCalledWith({ from: 7, to: 7 });
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: '5' }));
    await user.keyboard('{/Shift}');
    expect(onHighlightChange).toHaveBeenLastCalledWith({ from: 3, to: 5 });
  });

  it('makes the line numbers one tab stop, moved between with Up and Down', async () => {
    const user = userEvent.setup();
    render(<LogViewer lines={numbered(200)} complete />);
    const lineNumber = (line: number) => screen.getByRole('button', { name: String(line) });
    const tabStops = () =>
      [...document.querySelectorAll<HTMLElement>('.log-viewer__line-number')]
        .filter((button) => button.tabIndex === 0)
        .map((button) => button.textContent);
    expect(tabStops()).toEqual(['1']);

    scroller().focus();
    await user.tab();
    expect(lineNumber(1)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(lineNumber(3)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(lineNumber(2)).toHaveFocus();
    expect(tabStops()).toEqual(['2']);
    // Tab leaves the line numbers at once; Shift+Tab comes back to the one last focused.
    await user.tab();
    expect(document.activeElement).not.toHaveClass('log-viewer__line-number');
    await user.tab({ shift: true });
    expect(lineNumber(2)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.querySelector('[data-line="2"]')).toHaveClass('log-viewer__row--selected');
    await user.keyboard('{Home}');
    expect(lineNumber(1)).toHaveFocus();
  });

  it('keeps its own selection when no highlight is passed', async () => {
    const user = userEvent.setup();
    render(<LogViewer lines={numbered(20)} complete />);
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(document.querySelector('[data-line="4"]')).toHaveClass('log-viewer__row--selected');
    expect(screen.getByRole('button', { name: '4' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns file:line in error and warning lines into links that call onOpenLocation', async () => {
    const user = userEvent.setup();
    const onOpenLocation = vi.fn();
    render(
      <LogViewer
        lines={[
          'INFO: [Synth 8-638] synthesizing module [/project/src/limiter.vhd:12]',
          'ERROR: [Synth 8-2715] syntax error near + [/project/src/limiter.vhd:27]',
        ]}
        complete
        onOpenLocation={onOpenLocation}
      />,
    );
    expect(document.querySelector('[data-line="2"]')).toHaveClass('log-viewer__row--error');
    expect(
      within(document.querySelector<HTMLElement>('[data-line="1"]')!).queryByRole('button', { name: /limiter/ }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: '/project/src/limiter.vhd:27' }));
    expect(onOpenLocation).toHaveBeenCalledWith(
      'limiter.vhd',
      27,
      expect.objectContaining({ path: '/project/src/limiter.vhd' }),
    );
  });

  it('shows stage sections with line counts that collapse and expand', async () => {
    const user = userEvent.setup();
    const lines = ['start', '=== IP ===', 'ip 1', 'ip 2', '=== SYNTHESIS ===', 'synth 1'];
    render(<LogViewer lines={lines} expectedStages={['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM']} />);
    const ip = screen.getByRole('button', { name: /^IP\s*2 lines$/ });
    expect(ip).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /^SYNTHESIS\s*1 line · running$/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Stages' })).toHaveTextContent(/IP.*SYNTHESIS.*ROUTE.*BITSTREAM/);
    await user.click(ip);
    expect(ip).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('ip 1')).not.toBeInTheDocument();
    expect(screen.getByText('synth 1')).toBeInTheDocument();
    await user.click(ip);
    expect(screen.getByText('ip 1')).toBeInTheDocument();
  });

  it('marks the last stage as the build ended', () => {
    const lines = ['=== IP ===', 'ip', '=== SYNTHESIS ===', 'ERROR: [Synth 8-2715] syntax error'];
    const { rerender } = render(<LogViewer lines={lines} expectedStages={['IP', 'SYNTHESIS', 'ROUTE']} />);
    const stages = () => within(screen.getByRole('list', { name: 'Stages' }));
    expect(stages().getByRole('button', { name: 'SYNTHESIS, running' })).toHaveAttribute('aria-current', 'step');
    expect(stages().getByText('ROUTE')).toHaveTextContent('ROUTE, not started');
    rerender(<LogViewer lines={lines} complete outcome="failed" expectedStages={['IP', 'SYNTHESIS', 'ROUTE']} />);
    expect(stages().getByRole('button', { name: 'SYNTHESIS, failed' })).toBeInTheDocument();
    expect(stages().getByRole('button', { name: 'IP' })).toHaveClass('log-viewer__stage--done');
    rerender(<LogViewer lines={lines} complete expectedStages={['IP', 'SYNTHESIS', 'ROUTE']} />);
    expect(stages().getByRole('button', { name: 'SYNTHESIS' })).toHaveClass('log-viewer__stage--done');
  });

  it('shows the stages a build skipped as not run, never done, though the log has their sections', () => {
    const lines = [
      '=== IP ===',
      'ip',
      '=== SYNTHESIS ===',
      's',
      '=== ROUTE ===',
      'SKIPPED',
      '=== BITSTREAM ===',
      'SKIPPED',
    ];
    render(<LogViewer lines={lines} complete outcome="succeeded" skippedStages={['ROUTE', 'BITSTREAM']} />);
    const stages = within(screen.getByRole('list', { name: 'Stages' }));
    expect(stages.getByRole('button', { name: 'SYNTHESIS' })).toHaveClass('log-viewer__stage--done');
    for (const name of ['ROUTE', 'BITSTREAM']) {
      const stage = stages.getByRole('button', { name: `${name}, not run` });
      expect(stage).toHaveClass('log-viewer__stage--not-run');
      expect(stage).not.toHaveClass('log-viewer__stage--done');
    }
  });

  it('toggles wrapping and moves focus to search with Ctrl+F inside the log', async () => {
    const user = userEvent.setup();
    render(<LogViewer lines={numbered(10)} complete />);
    const wrap = screen.getByRole('button', { name: 'Wrap lines' });
    await user.click(wrap);
    expect(wrap).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.log-viewer')).toHaveClass('log-viewer--wrap');
    scroller().focus();
    await user.keyboard('{Control>}f{/Control}');
    expect(screen.getByRole('searchbox', { name: 'Search logs' })).toHaveFocus();
  });

  it('shows a log taller than the browser can scroll a window at a time, moving it to search results', async () => {
    const user = userEvent.setup();
    // A 2,000 px cap holds 100 rows of 20 px.
    render(<LogViewer lines={numbered(1_000)} complete maxScrollHeight={2_000} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Lines 1–100 of 1,000 are in the scroll area');
    expect(within(note).getByRole('button', { name: 'Earlier lines' })).toBeDisabled();
    await user.click(within(note).getByRole('button', { name: 'Later lines' }));
    expect(note).toHaveTextContent('Lines 51–150 of 1,000');
    expect(screen.queryByText('INFO: step 1')).not.toBeInTheDocument();
    expect(screen.getByText('INFO: step 51')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'step 900');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of 1'));
    expect(note).toHaveTextContent('Lines 850–949 of 1,000');
    expect(screen.getByText('INFO: step 850')).toBeInTheDocument();
  });

  it('scrolls to a permalink once its line has arrived', () => {
    const { rerender } = render(<LogViewer lines={[]} highlight={{ from: 500, to: 502 }} maxScrollHeight={2_000} />);
    rerender(<LogViewer lines={numbered(400)} highlight={{ from: 500, to: 502 }} maxScrollHeight={2_000} />);
    expect(screen.getByRole('note')).toHaveTextContent('Lines 1–100 of 400');
    rerender(<LogViewer lines={numbered(1_000)} complete highlight={{ from: 500, to: 502 }} maxScrollHeight={2_000} />);
    expect(screen.getByRole('note')).toHaveTextContent('Lines 450–549 of 1,000');
    expect(screen.getByRole('button', { name: 'Follow Log' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the window on the tail of a running log while following', () => {
    const { rerender } = render(<LogViewer lines={numbered(1_000)} maxScrollHeight={2_000} />);
    expect(screen.getByRole('note')).toHaveTextContent('Lines 901–1,000 of 1,000');
    rerender(<LogViewer lines={numbered(1_200)} maxScrollHeight={2_000} />);
    expect(screen.getByRole('note')).toHaveTextContent('Lines 1,101–1,200 of 1,200');
    expect(within(screen.getByRole('note')).getByRole('button', { name: 'Later lines' })).toBeDisabled();
  });

  it('downloads the raw log under the given name', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:log');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render(<LogViewer lines={['\u001b[1mone\u001b[0m', 'two']} complete downloadName="build-abc.log" />);
    await user.click(screen.getByRole('button', { name: 'Download raw log' }));
    expect(clicked[0]?.download).toBe('build-abc.log');
    await act(async () => {
      expect(await createObjectURL.mock.calls[0]![0].text()).toBe('\u001b[1mone\u001b[0m\ntwo\n');
    });
  });
});
