import { screen, within } from '@testing-library/react';
import type { TConsoleOrder } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import styles from '../shared/table-layout.module.css';
import {
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ConsoleOrderPage from './order-page';
import { PAID_ORDER } from './test-orders';

/** The one-line class (a module's class: a string in tests too). */
const ONE_LINE = String(styles.oneLine);

const PAID: TConsoleOrder = PAID_ORDER;

afterEach(signOutOperator);

/**
 * The orders table's layout only (issue 30: at 1366 px the dates wrapped over four lines, rows
 * were 143 px tall and the actions scrolled out of view); what the page does is order-page.test.tsx.
 */
describe('ConsoleOrderPage layout', () => {
  it('has compact rows, the order number and date on one line, and the actions fixed on the right', async () => {
    signInOperator(['sys:order:query', 'sys:order:ship']);
    installFakeApi({
      'GET /api/v1/system/orders/page': () => ok({ list: [PAID], total: 1, nextCursor: null }),
    });
    await renderConsolePage(ConsoleOrderPage);
    const row = await findRow(PAID.orderNo);
    expect(row.closest('.ant-table')).toHaveClass('ant-table-small');
    expect(within(row).getByText(PAID.orderNo)).toHaveClass(ONE_LINE);
    const placed = within(row).getByText(/2026/);
    expect(placed).toHaveClass(ONE_LINE);
    const details = within(row).getByRole('button', { name: `Details ${PAID.orderNo}` });
    expect(details.closest('td')).toHaveClass('ant-table-cell-fix-end', ONE_LINE);
  });

  it('scrolls sideways with no hidden copy of "Select all" the keyboard could reach', async () => {
    signInOperator(['sys:order:query', 'sys:order:ship']);
    installFakeApi({
      'GET /api/v1/system/orders/page': () => ok({ list: [PAID], total: 1, nextCursor: null }),
    });
    const { container } = await renderConsolePage(ConsoleOrderPage);
    await findRow(PAID.orderNo);
    // antd's measuring row exists only for a table given `scroll.x`.
    expect(container.querySelector('.ant-table-measure-row')).not.toBeNull();
    expect(container.querySelectorAll('[aria-hidden="true"] input')).toHaveLength(0);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });
});
