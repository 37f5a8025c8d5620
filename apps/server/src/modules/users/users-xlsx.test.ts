import { ErrorCode, XLSX_MIME_TYPE, ZEnvelope, ZUserImportResult } from '@linkstore/contract';
import { eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../../platform/auth/access.tables';
import { users } from '../../platform/auth/auth.tables';
import { createTestApp, type TestContext } from '../../test/helper';
import { createKit, multipartFile, USER_PERMS, type Kit } from '../../test/users-kit';
import { centralRecord, deflated, deflatedZeros, endRecord, localEntry, zipOf } from '../../test/zip-builder';

let ctx: TestContext;
let kit: Kit;

beforeAll(async () => {
  ctx = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
  kit = await createKit(ctx);
  const manager = await kit.addRole('XLSX_MANAGER', { dataScope: 0, perms: USER_PERMS });
  await kit.addOperator('xlsx-manager', { roleIds: [manager], dept: 'LINKSTORE' });
  kit.tokens.manager = await kit.signIn('xlsx-manager');
});
afterAll(() => ctx.close());

async function workbookOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readSheet(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => values.push(cell.text));
    rows.push(values);
  });
  return rows;
}

function upload(content: Buffer, options: Parameters<typeof multipartFile>[1] = {}, lang = 'en') {
  const { payload, headers } = multipartFile(content, options);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/import',
    payload,
    headers: { ...headers, authorization: `Bearer ${kit.tokens.manager ?? ''}`, lang },
  });
}

describe('template', () => {
  it('is an .xlsx with the headers in the caller’s language', async () => {
    const res = await kit.call('manager', 'GET', '/template', undefined, { lang: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="users-template.xlsx"');
    expect(await readSheet(res.rawPayload)).toEqual([
      ['Nombre de usuario', 'Apodo', 'Género', 'Móvil', 'Correo', 'Roles', 'Departamento'],
    ]);
    const en = await kit.call('manager', 'GET', '/template');
    expect((await readSheet(en.rawPayload))[0]?.[0]).toBe('Username');
  });
});

describe('import', () => {
  it('imports the valid rows and reports every invalid one, translated; nothing invalid gets in', async () => {
    await kit.addOperator('existing-one', {
      roleIds: [await kit.roleId('GUEST')],
      email: 'used@example.com',
    });
    const file = await workbookOf([
      // Spanish headers, in another order: columns are found by their names.
      ['Correo', 'Nombre de usuario', 'Apodo', 'Género', 'Móvil', 'Roles', 'Departamento'],
      ['ok1@example.com', 'imp-ok1', 'Okay One', 'Mujer', '+34600000001', 'GUEST', 'ENG'],
      ['', 'imp-ok2', '', '1', 13800000002, 'guest, XLSX_MANAGER', ''],
      ['x@example.com', '', 'No name', '', '', 'GUEST', ''],
      ['', 'imp-ok1', 'Again', '', '', 'GUEST', ''],
      ['', 'Existing-One', '', '', '', 'GUEST', ''],
      ['', 'imp-badrole', '', '', '', 'GUEST,NO_SUCH_ROLE', ''],
      ['', 'imp-baddept', '', '', '', 'GUEST', 'NOWHERE'],
      ['not-an-email', 'imp-bademail', '', 'robot', '12x', '', ''],
      ['used@example.com', 'imp-usedmail', '', '', '', 'GUEST', ''],
      ['', 'imp-root', '', '', '', 'ROOT', ''],
      [null, null, null, null, null, null, null],
      ['', 'bad name!', '', '', '', 'GUEST', ''],
    ]);
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    const result = ZEnvelope(ZUserImportResult).parse(res.json()).data;
    expect(result.validCount).toBe(2);
    expect(result.invalidCount).toBe(9);
    expect(result.messageList).toEqual([
      { row: 4, message: 'Username is missing' },
      { row: 5, message: 'Username "imp-ok1" already appears on row 2' },
      { row: 6, message: 'Username "Existing-One" is already in use' },
      { row: 7, message: 'Role code "NO_SUCH_ROLE" does not exist' },
      { row: 8, message: 'Department code "NOWHERE" does not exist' },
      {
        row: 9,
        message:
          'Gender "robot" is not known; Mobile "12x" is not valid; Email "not-an-email" is not valid; At least one role code is required',
      },
      { row: 10, message: 'Email "used@example.com" is already in use' },
      // ROOT cannot be granted by callers who are not ROOT: for them it does not exist.
      { row: 11, message: 'Role code "ROOT" does not exist' },
      { row: 13, message: 'Username "bad name!" is not valid (2 to 64 letters, digits, _ . -)' },
    ]);

    const imported = await kit.db.select().from(users).where(like(users.username, 'imp-%'));
    expect(imported.map((u) => u.username).sort()).toEqual(['imp-ok1', 'imp-ok2']);
    const one = imported.find((u) => u.username === 'imp-ok1');
    expect(one).toMatchObject({
      nickname: 'Okay One',
      gender: 2,
      mobile: '+34600000001',
      email: 'ok1@example.com',
      deptId: kit.dept.ENG,
      status: 1,
      // No usable password until an operator resets it.
      passwordHash: null,
    });
    const two = imported.find((u) => u.username === 'imp-ok2');
    expect(two).toMatchObject({ nickname: 'imp-ok2', gender: 1, mobile: '13800000002', deptId: null });
    const granted = await kit.db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, two?.id ?? 0));
    expect(granted.map((g) => g.code).sort()).toEqual(['GUEST', 'XLSX_MANAGER']);
    await expect(kit.signIn('imp-ok1', 'anything-1')).rejects.toThrow();
  });

  it('translates the row messages into the caller’s language', async () => {
    const file = await workbookOf([
      ['Username', 'Nickname', 'Gender', 'Mobile', 'Email', 'Roles', 'Department'],
      ['', 'x', '', '', '', 'GUEST', ''],
    ]);
    const res = await upload(file, {}, 'zh-cn');
    expect(res.json().data).toEqual({
      validCount: 0,
      invalidCount: 1,
      messageList: [{ row: 2, message: '缺少用户名' }],
    });
  });

  it('matches columns by position when the headers are not recognised', async () => {
    const file = await workbookOf([
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
      ['pos-user', 'Positional', 'Male', '', 'pos@example.com', 'GUEST', 'QA'],
    ]);
    const res = await upload(file);
    expect(res.json().data).toMatchObject({ validCount: 1, invalidCount: 0 });
    const [row] = await kit.db.select().from(users).where(eq(users.username, 'pos-user'));
    expect(row).toMatchObject({ nickname: 'Positional', gender: 1, deptId: kit.dept.QA });
  });

  it('refuses a file that is not an .xlsx, and imports nothing', async () => {
    const before = (await kit.db.select({ id: users.id }).from(users)).length;
    const text = await upload(Buffer.from('username,nickname\nevil,Evil\n'), {
      filename: 'users.csv',
      type: 'text/csv',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe(ErrorCode.FILE_UNREADABLE);
    // A zip that is not a workbook.
    const zip = zipOf([deflated('hello.txt', Buffer.from('hello'))]);
    const notBook = await upload(zip, {}, 'fr');
    expect(notBook.statusCode).toBe(400);
    expect(notBook.json().code).toBe(ErrorCode.FILE_UNREADABLE);
    expect((await kit.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('refuses a request without a file, and a file over the size limit', async () => {
    const none = await kit.call('manager', 'POST', '/import', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fields).toEqual([{ field: 'file', message: 'Please choose a file to upload' }]);
    const big = await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('refuses a visitor before reading the upload: 1002, not the size error', async () => {
    const { payload, headers } = multipartFile(Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/import', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.ACCESS_TOKEN_INVALID);
  });

  it('refuses more than 5,000 rows whole, and an empty sheet', async () => {
    const rows: string[][] = [['Username', 'Nickname', 'Gender', 'Mobile', 'Email', 'Roles', 'Department']];
    for (let i = 0; i < 5001; i++) rows.push([`bulk-${i}`, '', '', '', '', 'GUEST', '']);
    const res = await upload(await workbookOf(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.TOO_MANY_ROWS);
    expect(await kit.db.select().from(users).where(like(users.username, 'bulk-%'))).toEqual([]);

    const empty = await upload(await workbookOf([['Username', 'Roles']]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(ErrorCode.FILE_UNREADABLE);
  });

  it('refuses a zip bomb whose end record hides a sheet (issue 15): A0446, nothing imported, memory bounded', async () => {
    // A real template's worth of rows, plus a sheet of 60 MB of zeros (≈ 60 KB deflated) that
    // the end record does not count: a guard trusting the count passed it on to exceljs.
    const book = await workbookOf([
      ['Username', 'Roles'],
      ['bomb-row', 'GUEST'],
    ]);
    const sheet = await deflatedZeros('xl/worksheets/sheet9.xml', 60 * 1024 * 1024);
    const endAt = book.length - 22;
    const directoryAt = book.readUInt32LE(endAt + 16);
    const count = book.readUInt16LE(endAt + 10);
    const sheetLocal = localEntry({ ...sheet, size: 1024 });
    const directory = Buffer.concat([
      book.subarray(directoryAt, endAt),
      centralRecord({ ...sheet, size: 1024 }, directoryAt),
    ]);
    const bomb = Buffer.concat([
      book.subarray(0, directoryAt),
      sheetLocal,
      directory,
      endRecord({ entries: count, size: directory.length, offset: directoryAt + sheetLocal.length }),
    ]);
    expect(bomb.length).toBeLessThan(100 * 1024);

    const rssBefore = process.memoryUsage().rss;
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.FILE_UNREADABLE,
      msg: 'The file is not an Excel workbook (.xlsx).',
    });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(await kit.db.select().from(users).where(eq(users.username, 'bomb-row'))).toEqual([]);

    // Counted, the sheet inflates past the size it declares (A0446); declaring its size, it is
    // too large (A0413). Either way refused before exceljs reads it, and nothing imported.
    const counted = (declared: number) => {
      const local = localEntry({ ...sheet, size: declared });
      const records = Buffer.concat([
        book.subarray(directoryAt, endAt),
        centralRecord({ ...sheet, size: declared }, directoryAt),
      ]);
      return Buffer.concat([
        book.subarray(0, directoryAt),
        local,
        records,
        endRecord({ entries: count + 1, size: records.length, offset: directoryAt + local.length }),
      ]);
    };
    const lying = await upload(counted(1024), {}, 'es');
    expect(lying.statusCode).toBe(400);
    expect(lying.json().code).toBe(ErrorCode.FILE_UNREADABLE);
    const large = await upload(counted(sheet.size));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      msg: 'The workbook is too large once unpacked.',
    });
    expect(await kit.db.select().from(users).where(eq(users.username, 'bomb-row'))).toEqual([]);
  });
});

describe('export', () => {
  it('writes the matching operators with translated headers and labels, re-importable columns first', async () => {
    const guest = await kit.roleId('GUEST');
    await kit.addOperator('exp-one', {
      roleIds: [guest],
      dept: 'ENG',
      email: 'exp1@example.com',
      mobile: '5551234',
    });
    await kit.addOperator('exp-two', { roleIds: [guest], dept: 'QA', nickname: 'Second' });
    const res = await kit.call(
      'manager',
      'GET',
      '/export?keywords=exp-&field=username&direction=ASC',
      undefined,
      {
        lang: 'fr',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}\.xlsx"$/);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      'Nom d’utilisateur',
      'Pseudo',
      'Genre',
      'Mobile',
      'E-mail',
      'Rôles',
      'Département',
      'Nom du département',
      'Statut',
      'Créé le',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 9))).toEqual([
      [
        'exp-one',
        'exp-one',
        'Préfère ne pas dire',
        '5551234',
        'exp1@example.com',
        'GUEST',
        'ENG',
        'Engineering',
        'Actif',
      ],
      ['exp-two', 'Second', 'Préfère ne pas dire', '', '', 'GUEST', 'QA', 'Quality', 'Actif'],
    ]);
    expect(rows[1]?.[9]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('an export imports again (its users then exist: every row is a duplicate)', async () => {
    const exported = await kit.call('manager', 'GET', '/export?keywords=exp-&field=username&direction=ASC');
    const res = await upload(exported.rawPayload);
    expect(res.json().data).toMatchObject({ validCount: 0, invalidCount: 2 });
    expect(res.json().data.messageList[0].message).toBe(
      'Username "exp-one" is already in use; Email "exp1@example.com" is already in use',
    );
  });

  it('keeps to the caller’s data scope and hides ROOT', async () => {
    const own = await kit.addRole('XLSX_OWN_DEPT', { dataScope: 2, perms: ['sys:user:export'] });
    await kit.addOperator('exp-qa-viewer', { roleIds: [own], dept: 'QA' });
    kit.tokens.qa = await kit.signIn('exp-qa-viewer');
    const res = await kit.call('qa', 'GET', '/export');
    expect(res.statusCode).toBe(200);
    const names = (await readSheet(res.rawPayload)).slice(1).map((r) => r[0]);
    expect(names).toContain('exp-two');
    expect(names).not.toContain('exp-one');
    expect(names).not.toContain('root');
    const ids = await kit.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ['exp-two']));
    expect(ids).toHaveLength(1);
  });
});
