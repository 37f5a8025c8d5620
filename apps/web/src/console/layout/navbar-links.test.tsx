import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import { NavbarLinks } from './navbar-links';

afterEach(signOutOperator);

describe('NavbarLinks', () => {
  it('shows the documentation and code-hosting links the settings give, opening in a new tab', async () => {
    signInOperator([]);
    installFakeApi({
      'GET /api/v1/config/links': () =>
        ok({ docUrl: 'https://docs.example.com/', codeHostingUrl: 'https://git.example.com/ls' }),
    });
    await renderConsolePage(NavbarLinks);
    const doc = await screen.findByRole('link', { name: 'Documentation' });
    expect(doc).toHaveAttribute('href', 'https://docs.example.com/');
    expect(doc).toHaveAttribute('target', '_blank');
    expect(doc).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'href',
      'https://git.example.com/ls',
    );
  });

  it('hides a link whose setting is empty', async () => {
    signInOperator([]);
    const api = installFakeApi({
      'GET /api/v1/config/links': () => ok({ docUrl: null, codeHostingUrl: 'https://git.example.com/ls' }),
    });
    await renderConsolePage(NavbarLinks);
    expect(await screen.findByRole('link', { name: 'Source code' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/v1/config/links')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Documentation' })).not.toBeInTheDocument();
  });
});
