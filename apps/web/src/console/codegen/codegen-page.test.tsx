import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCodegenConfig, TCodegenFile, TCodegenTable } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import { installRangeRects } from '../../shared/test/range-rects';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import CodegenPage from './codegen-page';

const NOTES: TCodegenTable = {
  tableName: 'scratch_notes',
  tableComment: 'Scratch notes',
  createTime: null,
  isConfigured: false,
};
const CONFIGS: TCodegenTable = {
  tableName: 'configs',
  tableComment: 'System settings',
  createTime: '2026-01-01 10:00:00',
  isConfigured: true,
};
const CONFIG: TCodegenConfig = {
  tableName: 'scratch_notes',
  tableComment: 'Scratch notes',
  moduleName: 'scratch',
  entityName: 'ScratchNote',
  businessName: 'Scratch notes',
  parentMenuId: null,
  isConfigured: false,
  fields: [
    {
      columnName: 'title',
      columnType: 'character varying(80)',
      isPrimaryKey: false,
      isNullable: false,
      hasDefault: false,
      fieldName: 'title',
      tsType: 'string',
      fieldComment: 'Title',
      isShowInList: true,
      isShowInForm: true,
      isShowInQuery: false,
      isRequired: true,
      maxLength: 80,
      formType: 'input',
      queryType: 'like',
      dictType: null,
    },
  ],
};
const FILES: TCodegenFile[] = [
  {
    path: 'packages/contract/src/scratch/scratch-note.schema.ts',
    fileName: 'scratch-note.schema.ts',
    language: 'typescript',
    content: 'export const ZScratchNote = 1;',
  },
  {
    path: 'apps/server/drizzle/0027_scratch_notes.sql',
    fileName: '0027_scratch_notes.sql',
    language: 'sql',
    content: 'CREATE TABLE IF NOT EXISTS "scratch_notes" ();',
  },
];
const QUERY = 'dev:codegen:query';
const EDIT = 'dev:codegen:edit';

function fakeApi(canWrite = false) {
  return installFakeApi({
    'GET /api/v1/codegen/table/page': () => ok({ list: [NOTES, CONFIGS], total: 2 }),
    'GET /api/v1/codegen/options': () =>
      ok({ canWrite, catalogs: [{ id: '9', name: 'Developer tools', path: '/dev' }] }),
    'GET /api/v1/codegen/scratch_notes/config': () => ok(CONFIG),
    'GET /api/v1/codegen/scratch_notes/preview': () => ok(FILES),
  });
}

installRangeRects();
afterEach(signOutOperator);

describe('CodegenPage', () => {
  it('lists the tables with their comment, migration date and state, and the actions the operator may use', async () => {
    signInOperator([QUERY]);
    fakeApi();
    await renderConsolePage(CodegenPage);
    expect(await screen.findByRole('heading', { name: 'Code generator' })).toBeInTheDocument();
    const notes = await findRow('scratch_notes');
    expect(notes).toHaveTextContent('Scratch notes');
    expect(notes).toHaveTextContent('Not created by a migration');
    expect(
      within(notes).getByRole('button', { name: 'Preview the code of scratch_notes' }),
    ).toBeInTheDocument();
    expect(within(notes).getByRole('button', { name: 'Download zip: scratch_notes' })).toBeInTheDocument();
    const configs = await findRow('configs');
    expect(configs).toHaveTextContent('2026-01-01 10:00:00');
    // Resetting needs dev:codegen:edit.
    expect(screen.queryByRole('button', { name: /Reset the settings/ })).not.toBeInTheDocument();
  });

  it('offers Reset only on configured tables, to an editor', async () => {
    signInOperator([QUERY, EDIT]);
    fakeApi();
    await renderConsolePage(CodegenPage);
    expect(await screen.findByRole('button', { name: 'Reset the settings of configs' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Reset the settings of scratch_notes' }),
    ).not.toBeInTheDocument();
  });

  it('configures a table: edits a column, saves, and shows the server field errors on the column', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/codegen/scratch_notes/config', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'fields.0.dictType', message: 'There is no dictionary with this code.' }],
          })
        : ok({ ...CONFIG, ...(body as object), isConfigured: true });
    });
    await renderConsolePage(CodegenPage);
    await user.click(await screen.findByRole('button', { name: 'Configure scratch_notes' }));
    const drawer = await findDialog('Settings of scratch_notes');
    await waitFor(() => expect(within(drawer).getByLabelText('Module')).toHaveValue('scratch'));
    await user.clear(within(drawer).getByLabelText('Label — title'));
    await user.type(within(drawer).getByLabelText('Label — title'), 'Note title');
    await user.type(within(drawer).getByLabelText('Dictionary — title'), 'nope');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('There is no dictionary with this code.')).toBeInTheDocument();
    await user.clear(within(drawer).getByLabelText('Dictionary — title'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/v1/codegen/scratch_notes/config')[1]?.body as TCodegenConfig;
    expect(sent).toMatchObject({ moduleName: 'scratch', entityName: 'ScratchNote', parentMenuId: null });
    expect(sent.fields[0]).toMatchObject({ columnName: 'title', fieldComment: 'Note title', dictType: null });
  });

  it('refuses control characters and a built-in module name before sending, as the contract does', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    const api = fakeApi();
    api.on('POST /api/v1/codegen/scratch_notes/config', () => ok({ ...CONFIG, isConfigured: true }));
    await renderConsolePage(CodegenPage);
    await user.click(await screen.findByRole('button', { name: 'Configure scratch_notes' }));
    const drawer = await findDialog('Settings of scratch_notes');
    await waitFor(() => expect(within(drawer).getByLabelText('Module')).toHaveValue('scratch'));
    const businessName = within(drawer).getByLabelText('Name shown');
    await user.clear(businessName);
    await user.click(businessName);
    await user.paste('Notes\t*/ evil');
    await user.click(within(drawer).getByLabelText('Label — title'));
    await user.paste('\u202E');
    await user.clear(within(drawer).getByLabelText('Module'));
    await user.type(within(drawer).getByLabelText('Module'), 'sys');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText(
        'Name shown must not contain control characters (line breaks, tabs or invisible direction marks)',
      ),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText(
        'Label — title must not contain control characters (line breaks, tabs or invisible direction marks)',
      ),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText(
        'This is the permission namespace of a built-in module (sys, system, dev, catalog, demo, linkstore): choose another module name',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/codegen/scratch_notes/config')).toHaveLength(0);
  });

  it.each([
    [[QUERY, EDIT], false],
    [[QUERY, EDIT, 'sys:menu:add'], false],
    [[QUERY, EDIT, 'sys:role:assign'], false],
    [[QUERY, EDIT, 'sys:menu:add', 'sys:role:assign'], true],
  ])(
    'offers to create the menu only with sys:menu:add and sys:role:assign (%j → %s)',
    async (perms, canCreate) => {
      const user = userEvent.setup();
      signInOperator(perms);
      fakeApi();
      await renderConsolePage(CodegenPage);
      await user.click(await screen.findByRole('button', { name: 'Configure scratch_notes' }));
      const drawer = await findDialog('Settings of scratch_notes');
      const parent = within(drawer).getByLabelText('Create the menu under');
      if (canCreate) {
        expect(parent).toBeEnabled();
      } else {
        expect(parent).toBeDisabled();
        expect(
          within(drawer).getByText(
            'Creating the menu needs the permissions sys:menu:add and sys:role:assign',
          ),
        ).toBeInTheDocument();
      }
    },
  );

  it('previews the generated files one at a time, without Write on a server that does not allow it', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    fakeApi(false);
    await renderConsolePage(CodegenPage);
    await user.click(await screen.findByRole('button', { name: 'Preview the code of scratch_notes' }));
    const dialog = await findDialog('Code generated for scratch_notes');
    expect(
      await within(dialog).findByRole('textbox', { name: 'Content of scratch-note.schema.ts' }),
    ).toHaveTextContent('export const ZScratchNote = 1;');
    expect(
      within(dialog).queryByRole('button', { name: 'Write into the working tree' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download zip' })).toBeInTheDocument();
  });

  it('shows Write when the server allows it, and writes', async () => {
    const user = userEvent.setup();
    signInOperator([QUERY, EDIT]);
    const api = fakeApi(true);
    api.on('POST /api/v1/codegen/scratch_notes/write', () => ok({ written: FILES.map((f) => f.path) }));
    await renderConsolePage(CodegenPage);
    await user.click(await screen.findByRole('button', { name: 'Preview the code of scratch_notes' }));
    const dialog = await findDialog('Code generated for scratch_notes');
    await user.click(await within(dialog).findByRole('button', { name: 'Write into the working tree' }));
    expect(await screen.findByText('2 files written')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/codegen/scratch_notes/write')).toHaveLength(1);
  });
});
