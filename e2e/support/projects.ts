import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_URL } from '../../playwright.config';
import { USERS, acceptCookieNotice, signInDirectly } from './app';

/** The projects specs' common steps and locators (projects-*.spec.ts). */

/** Signs Ada in (cookie notice accepted) and waits for the projects page. */
export async function openProjects(page: Page): Promise<void> {
  await acceptCookieNotice(page.context(), E2E_URL);
  await signInDirectly(page, '#/projects', USERS.ada.email, E2E_URL);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
}

export const projectTable = (page: Page) => page.getByRole('table', { name: 'Your projects' });

export const projectRow = (page: Page, name: string) =>
  projectTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

export const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter by name' });

/** Creates a project through the page's Create Project dialog (the API's is support/api.ts createProject). */
export async function createProjectFromDialog(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await dialog.getByRole('textbox', { name: 'Project Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the row's Actions menu and chooses `item`. */
export async function rowMenu(page: Page, name: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The project names in the table's order. */
export const names = (table: Locator) => table.locator('tbody td:first-child').allTextContents();
