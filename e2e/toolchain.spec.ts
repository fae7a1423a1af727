import { expect, test, type Page } from '@playwright/test';
import { USERS, expectNoAxeViolations, signInDirectly } from './support/app';
import { useOwnGateway } from './support/own-gateway';

/**
 * Real builds (MOCK_BUILDS=toolchain, GHDL and Yosys) against a gateway of its own: a syntax error in
 * VHDL and in Verilog each shows inline in the editor at its line, and its log line opens the file there.
 * The other specs keep the simulated runner: they test the log viewer's mechanics on the fixture logs.
 */
const ORIGIN = useOwnGateway('toolchain', { MOCK_BUILDS: 'toolchain' });

const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createProject(page: Page, name: string, file: string, content: string): Promise<string> {
  const created = await page.request.post(`${ORIGIN}/api/projects`, { data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const put = await page.request.post(`${ORIGIN}/api/projects/${id}/files/${encodeURIComponent(file)}`, {
    data: content,
    headers: { 'Content-Type': 'text/plain' },
  });
  expect(put.status()).toBe(201);
  return id;
}

const VHDL = [
  'architecture Behavioural of CustomInstrument is', // 1
  'begin', // 2
  '    OutputB <= InputB;', // 3
  '    OutputC <= InputC;', // 4
  '    OutputD <= InputD;', // 5
  '    OutputA <= InputA garbage;', // 6: the syntax error
  'end architecture;',
  '',
].join('\n');

const VERILOG = [
  'module CustomInstrument (', // 1
  '    input  wire clk,',
  '    input  wire reset,',
  '    input  wire [31:0] sync,',
  '    input  wire signed [15:0] inputa, inputb, inputc, inputd,',
  '    input  wire exttrig,',
  '    output wire signed [15:0] outputa, outputb, outputc, outputd,',
  '    input  wire [0:15][31:0] control,',
  '    output wire [0:15][31:0] status',
  ');',
  '    assign outputa = inputa;', // 11
  '    assign outputb = inputb garbage;', // 12: the syntax error
  'endmodule',
  '',
].join('\n');

for (const { language, file, content, line, underlined } of [
  { language: 'VHDL', file: 'top.vhd', content: VHDL, line: 6, underlined: 'garbage' },
  // Verilator gives the column of the token it stopped at (Yosys gave none, and the whole line was marked).
  { language: 'Verilog', file: 'top.v', content: VERILOG, line: 12, underlined: 'garbage' },
]) {
  test(`a ${language} syntax error: the real tools' diagnostic shows inline at its line, and its log line opens the file there`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
    await signInDirectly(page, '#/projects', USERS.ada.email, ORIGIN);
    const name = uniqueName(`${language} error`);
    const projectId = await createProject(page, name, file, content);
    await page.goto(`${ORIGIN}/#/editor/${projectId}?file=${encodeURIComponent(file)}&line=1`);
    const editor = page.getByRole('textbox', { name: `Editor: ${file}` });
    // The first visit after the gateway's start loads CodeMirror's chunk: slow on a loaded machine.
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Build', exact: true }).click();

    // The check build's header, then the tool's error in the live log.
    const bottom = page.getByTestId('bottom-panel');
    await expect(bottom).toContainText('CHECK BUILD with open-source tools', { timeout: 30_000 });
    const logLink = bottom.getByRole('button', { name: new RegExp(`${file.replace('.', '\\.')}:${line}`) }).first();
    await expect(logLink).toBeVisible({ timeout: 90_000 });
    await expect(bottom.getByRole('img', { name: 'Failed' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(bottom).toContainText('1 error · 0 warnings in your files · 0 from the platform');

    // Inline: an error marker in the gutter and the faulty text underlined, on that line.
    const errorLine = page.locator('.cm-content .cm-line').nth(line - 1);
    await expect(errorLine.locator('.cm-lintRange-error')).toHaveText(underlined, { timeout: 15_000 });
    await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(1);
    await errorLine.locator('.cm-lintRange-error').hover();
    await expect(page.locator('.cm-tooltip-lint')).toContainText(language === 'VHDL' ? "';' expected" : 'syntax error');

    // The log line opens the file at that line (from another file's view it switches back).
    await page.keyboard.press('Escape');
    await logLink.click();
    await expect(page.getByTestId('status-position')).toContainText(`Line ${line}, Col`);
    await expectNoAxeViolations(page, `editor with a ${language} diagnostic`);
  });
}
