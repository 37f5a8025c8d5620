import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobList, TJobRun } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import JobsPage from './jobs-page';

const SWEEP_RUN: TJobRun = {
  id: '7',
  job: 'checkout-sweep',
  trigger: 'schedule',
  attempt: 1,
  startedAt: '2026-11-20T03:00:00Z',
  finishedAt: '2026-11-20T03:00:00.120Z',
  durationMs: 120,
  outcome: 'success',
  error: null,
};
const MAIL_FAILURE: TJobRun = {
  id: '9',
  job: 'send-mail',
  trigger: 'queue',
  attempt: 3,
  startedAt: '2026-11-20T04:00:00Z',
  finishedAt: '2026-11-20T04:00:01Z',
  durationMs: 1000,
  outcome: 'failure',
  error: 'Error: Can not send mail: 451 Service not available',
};
const LIST: TJobList = {
  jobs: [
    {
      name: 'checkout-sweep',
      everyMs: 60_000,
      nextRunAt: '2026-11-20T03:01:00Z',
      running: false,
      failures: 0,
      lastRun: SWEEP_RUN,
    },
    {
      name: 'reconciliation',
      everyMs: 86_400_000,
      nextRunAt: '2026-11-21T03:05:00Z',
      running: true,
      failures: 0,
      lastRun: null,
    },
    {
      name: 'some-new-job',
      everyMs: 2_000,
      nextRunAt: '2026-11-20T03:00:02Z',
      running: false,
      failures: 1,
      lastRun: { ...SWEEP_RUN, id: '8', job: 'some-new-job', outcome: 'failure', error: 'boom' },
    },
  ],
  queue: { waiting: 2, failed: 1 },
};

function fakeApi(started = true) {
  return installFakeApi({
    'GET /api/v1/system/jobs': () => ok(LIST),
    'GET /api/v1/system/jobs/failures': () => ok({ list: [MAIL_FAILURE], total: 1 }),
    'POST /api/v1/system/jobs/checkout-sweep/run': () => ok({ started }),
  });
}

afterEach(signOutOperator);

describe('JobsPage', () => {
  it('lists each job with its schedule, last run, duration, outcome and next run, and the failures', async () => {
    signInOperator(['sys:job:query']);
    fakeApi();
    await renderConsolePage(JobsPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled jobs' })).toBeInTheDocument();
    const sweep = (await screen.findByText('Expired checkouts')).closest('tr') as HTMLElement;
    expect(sweep).toHaveTextContent('checkout-sweep');
    expect(sweep).toHaveTextContent('Every 1 min');
    expect(sweep).toHaveTextContent('120 ms');
    expect(sweep).toHaveTextContent('Succeeded');
    const daily = screen.getByText('Daily reconciliation').closest('tr') as HTMLElement;
    expect(daily).toHaveTextContent('Every 24 hr');
    expect(daily).toHaveTextContent('Running');
    // A job the console has no name for shows its own.
    const unknown = screen.getAllByText('some-new-job')[0]?.closest('tr') as HTMLElement;
    expect(unknown).toHaveTextContent('Every 2 sec');
    expect(unknown).toHaveTextContent('Failed');
    expect(screen.getByRole('status')).toHaveTextContent('2 waiting, 1 failed');
    // Without the permission, no Run now.
    expect(screen.queryByRole('button', { name: /^Run .* now$/ })).toBeNull();

    const failures = screen.getByRole('heading', { name: 'Failed runs' }).closest('.ant-card') as HTMLElement;
    const row = (await within(failures).findByText('Send mail')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Queue, attempt 3');
    expect(row).toHaveTextContent('451 Service not available');
  });

  it('runs a job now for an operator allowed to, and says when it was already running', async () => {
    signInOperator(['sys:job:query', 'sys:job:run']);
    const api = fakeApi();
    await renderConsolePage(JobsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run Expired checkouts now' }));
    expect(
      await screen.findByText('Expired checkouts started. Its outcome appears here once it has finished.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/jobs/checkout-sweep/run')).toHaveLength(1);
    // A running job cannot be started again from here.
    expect(screen.getByRole('button', { name: 'Run Daily reconciliation now' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('GET /api/v1/system/jobs').length).toBeGreaterThanOrEqual(2));
  });

  it('says so when another process was running it', async () => {
    signInOperator(['sys:job:query', 'sys:job:run']);
    fakeApi(false);
    await renderConsolePage(JobsPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run Expired checkouts now' }));
    expect(
      await screen.findByText('Expired checkouts is running already; nothing was started.'),
    ).toBeInTheDocument();
  });
});
