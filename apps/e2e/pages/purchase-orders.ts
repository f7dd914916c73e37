import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations, waitUntilLoaded } from './a11y.ts';

/** Page object for a purchase order's detail screen (/admin/purchase-orders/{id}) and its dialogs. */
export class PurchaseOrderPages {
  constructor(readonly page: Page) {}

  /** Waits until the PO shows this status (the badge's `data-status`). */
  async expectStatus(status: string): Promise<void> {
    await expect(this.page.getByTestId('po-status-badge')).toHaveAttribute('data-status', status);
  }

  /** Clicks a step button (`po-submit`, `po-approve`, `po-send`) and waits for the status it leads to. */
  async step(testId: 'po-submit' | 'po-approve' | 'po-send', status: string): Promise<void> {
    await this.page.getByTestId(testId).click();
    await this.expectStatus(status);
  }

  /** Opens the Receive dialog, waits for its form, and checks it with axe. */
  async openReceive(): Promise<Locator> {
    await this.page.getByTestId('po-receive').click();
    const form = this.page.getByTestId('po-receive-form');
    await expect(form).toBeVisible();
    await expectNoAxeViolations(this.page, 'receive dialog');
    return form;
  }

  /** Opens the Return dialog of the first returnable line, and checks it with axe. */
  async openReturn(): Promise<Locator> {
    await this.page.getByTestId('po-line-return').first().click();
    const form = this.page.getByTestId('po-return-form');
    await expect(form).toBeVisible();
    await expectNoAxeViolations(this.page, 'return dialog');
    return form;
  }

  /** The first line's received quantity (purchase units), as shown. */
  lineReceived(): Locator {
    return this.page.getByTestId('po-line-received').first();
  }
}

/** Waits for the screen (and any dialog's transition) to settle, then fails on any axe violation, naming `what`. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await waitUntilLoaded(page);
  expect(await axeViolations(page), `axe: ${what}`).toEqual([]);
}

/** The first number in a text as shown in English ("1,234.5 each", "$1,020.00"). */
export function numberIn(text: string | null): number {
  const match = /-?[\d,]*\.?\d+/.exec((text ?? '').replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[0].replace(/,/g, ''));
}
