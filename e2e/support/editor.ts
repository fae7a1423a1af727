import { expect, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { USERS, acceptCookieNotice, signInDirectly } from './app';

/** The editor specs' common steps and locators (editor-*.spec.ts). */

/** Signs Ada in (cookie notice accepted) on the projects page. */
export async function signIn(page: Page) {
  await acceptCookieNotice(page.context(), E2E_URL);
  await signInDirectly(page, '#/projects', USERS.ada.email, E2E_URL);
}

export const editorFor = (page: Page, file: string) => page.getByRole('textbox', { name: `Editor: ${file}` });

export const openTabs = (page: Page) => page.getByRole('tablist', { name: 'Open files' });

export const tab = (page: Page, file: string) =>
  openTabs(page).getByRole('tab', { name: new RegExp(`^${file.replace('.', '\\.')}\\b`) });

export const filesList = (page: Page) => page.getByRole('list', { name: 'Project files' });

/** The bottom panel's Build Logs header button, which folds and unfolds the log. */
export const logsToggle = (page: Page) => page.getByTestId('bottom-panel').getByRole('button', { name: 'Build Logs' });

/** Opens the project's editor (with `query`, e.g. `?file=a.vhd&line=1`) and waits for its title. */
export async function openEditor(page: Page, projectId: string, name: string, query = '') {
  await page.goto(`${E2E_URL}/#/editor/${projectId}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Project: ${name}`) })).toBeVisible();
}
