import type { Page } from '@playwright/test';
import { AppPages } from './app.ts';
import { CatalogPages } from './catalog.ts';
import { StockPages } from './stock.ts';

/** The page objects of a test that works in one practice: signed in as the admin, that practice chosen in the header. */
export async function signInToPractice(page: Page, practiceName: string) {
  const pages = { app: new AppPages(page), catalog: new CatalogPages(page), stock: new StockPages(page) };
  await pages.app.signInAndWaitForDashboard();
  await pages.stock.selectPractice(practiceName);
  return pages;
}
