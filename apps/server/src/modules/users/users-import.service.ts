import {
  LANGUAGES,
  MOBILE_PATTERN,
  USERNAME_PATTERN,
  ZEmail,
  type TLanguage,
  type TUserImportResult,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors/app-error';
import { ROOT_ROLE } from '../../platform/http/access';
import { translate, type MessageKey, type MessageParams } from '../../platform/i18n/translate';
import {
  findTakenEmails,
  findTakenUsernames,
  insertUserRoles,
  insertUsers,
  listAllRoles,
  listDepts,
} from './users.repository';
import { isRoot, violatedUniqueField, type Caller } from './users.service';
import { readImportRows } from './users.workbook';

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const CHUNK = 500;

/** Gender as a code (0, 1, 2) or its label in any language. */
const GENDERS: Map<string, 0 | 1 | 2> = (() => {
  const map = new Map<string, 0 | 1 | 2>();
  for (const code of [0, 1, 2] as const) {
    map.set(String(code), code);
    for (const lang of LANGUAGES) map.set(translate(lang, `users.gender.${code}`).toLowerCase(), code);
  }
  return map;
})();

/** Cell values quoted back in messages are cut short. */
const quote = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

interface ValidRow {
  row: number;
  username: string;
  nickname: string;
  gender: 0 | 1 | 2;
  mobile: string | null;
  email: string | null;
  roleIds: number[];
  deptId: number | null;
}

/**
 * Imports operators from an .xlsx. Every row is checked (username present, well-formed and unused
 * in the file and the database; email likewise; gender, mobile; role codes and department code
 * known); the valid rows go in one transaction, the others come back with their reasons. Imported
 * users have no password (they cannot sign in) until an operator resets it.
 */
export async function importUsers(
  db: AppDatabase,
  file: Uint8Array,
  caller: Caller,
  lang: TLanguage,
): Promise<TUserImportResult> {
  const rows = await readImportRows(file);
  const roles = new Map(
    (await listAllRoles(db))
      .filter((r) => r.code !== ROOT_ROLE || isRoot(caller))
      .map((r) => [r.code.toUpperCase(), r.id]),
  );
  const depts = await listDepts(db);
  const deptByCode = new Map(depts.map((d) => [d.code, d.id]));
  const deptByLowerCode = new Map(depts.map((d) => [d.code.toLowerCase(), d.id]));
  const takenUsernames = await findTakenUsernames(db, [
    ...new Set(rows.map((r) => r.cells.username.toLowerCase()).filter(Boolean)),
  ]);
  const takenEmails = await findTakenEmails(db, [
    ...new Set(rows.map((r) => r.cells.email.toLowerCase()).filter(Boolean)),
  ]);

  const firstRowOfUsername = new Map<string, number>();
  const firstRowOfEmail = new Map<string, number>();
  const valid: ValidRow[] = [];
  const messageList: TUserImportResult['messageList'] = [];

  for (const { row, cells } of rows) {
    const problems: string[] = [];
    const problem = (key: MessageKey, params: MessageParams = {}) =>
      problems.push(translate(lang, key, params));

    const username = cells.username;
    if (username === '') problem('users.import.usernameMissing');
    else if (!USERNAME_PATTERN.test(username))
      problem('users.import.usernameInvalid', { value: quote(username) });
    else {
      const key = username.toLowerCase();
      const first = firstRowOfUsername.get(key);
      if (first !== undefined) problem('users.import.usernameRepeated', { value: username, row: first });
      else {
        firstRowOfUsername.set(key, row);
        if (takenUsernames.has(key)) problem('users.import.usernameTaken', { value: username });
      }
    }

    const nickname = cells.nickname || username;
    if (nickname.length > 64) problem('users.import.nicknameTooLong');

    const gender = cells.gender === '' ? 0 : GENDERS.get(cells.gender.toLowerCase());
    if (gender === undefined) problem('users.import.genderInvalid', { value: quote(cells.gender) });

    const mobile = cells.mobile.replace(/[\s-]/g, '');
    if (mobile !== '' && (mobile.length > 20 || !MOBILE_PATTERN.test(mobile))) {
      problem('users.import.mobileInvalid', { value: quote(cells.mobile) });
    }

    let email: string | null = null;
    if (cells.email !== '') {
      const parsed = ZEmail.safeParse(cells.email);
      if (!parsed.success) problem('users.import.emailInvalid', { value: quote(cells.email) });
      else {
        email = parsed.data;
        const first = firstRowOfEmail.get(email);
        if (first !== undefined) problem('users.import.emailRepeated', { value: email, row: first });
        else {
          firstRowOfEmail.set(email, row);
          if (takenEmails.has(email)) problem('users.import.emailTaken', { value: email });
        }
      }
    }

    const codes = [...new Set(cells.roles.split(/[,，;；\s]+/).filter(Boolean))];
    if (codes.length === 0) problem('users.import.rolesMissing');
    const roleIds: number[] = [];
    for (const code of codes) {
      const id = roles.get(code.toUpperCase());
      if (id === undefined) problem('users.import.roleUnknown', { value: quote(code) });
      else roleIds.push(id);
    }

    let deptId: number | null = null;
    if (cells.dept !== '') {
      deptId = deptByCode.get(cells.dept) ?? deptByLowerCode.get(cells.dept.toLowerCase()) ?? null;
      if (deptId === null) problem('users.import.deptUnknown', { value: quote(cells.dept) });
    }

    if (problems.length > 0 || gender === undefined) messageList.push({ row, message: problems.join('; ') });
    else valid.push({ row, username, nickname, gender, mobile: mobile || null, email, roleIds, deptId });
  }

  await insertValid(db, valid);
  return { validCount: valid.length, invalidCount: messageList.length, messageList };
}

/** All valid rows in one transaction: either every one is imported or none is. */
async function insertValid(db: AppDatabase, valid: ValidRow[]): Promise<void> {
  if (valid.length === 0) return;
  try {
    await withTransaction(db, async (tx) => {
      for (let i = 0; i < valid.length; i += CHUNK) {
        const chunk = valid.slice(i, i + CHUNK);
        const created = await insertUsers(
          tx,
          chunk.map((r) => ({
            username: r.username,
            nickname: r.nickname,
            gender: r.gender,
            mobile: r.mobile,
            email: r.email,
            avatarUrl: null,
            status: 1,
            deptId: r.deptId,
            passwordHash: null,
          })),
        );
        const idOf = new Map(created.map((u) => [u.username?.toLowerCase(), u.id]));
        await insertUserRoles(
          tx,
          chunk.flatMap((r) =>
            r.roleIds.map((roleId) => ({ userId: idOf.get(r.username.toLowerCase()) ?? 0, roleId })),
          ),
        );
      }
    });
  } catch (error) {
    // Someone took a username or email while the file was being checked: nothing was imported.
    const field = violatedUniqueField(error);
    if (field) throw AppError.field(field, 'error.duplicate');
    throw error;
  }
}
