import {
  type TConfigForm,
  type TConfigPage,
  type TConfigPageQuery,
  type TConfigRequest,
} from '@linkstore/contract';
import type { AppDatabase } from '../../platform/db/database';
import { withTransaction } from '../../platform/db/transaction';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError } from '../../platform/errors/app-error';
import { formatDateTime } from '../../platform/http/date-time';
import type { ConfigValues } from './configs.cache';
import { IP_QPS_KEY, readIpQpsLimit } from './ip-qps-limit';
import {
  deleteConfigs,
  findConfig,
  findConfigsForUpdate,
  insertConfig,
  isKeyTaken,
  pageConfigs,
  updateConfig,
  type ConfigRow,
} from './configs.repository';

function toForm(row: ConfigRow): TConfigForm {
  return { id: String(row.id), name: row.name, key: row.key, value: row.value, remark: row.remark };
}

const duplicateKey = () => AppError.field('key', 'error.duplicate');

export async function getConfigPage(db: AppDatabase, query: TConfigPageQuery): Promise<TConfigPage> {
  const { rows, total } = await pageConfigs(db, query);
  return {
    total,
    list: rows.map((row) => ({
      ...toForm(row),
      createTime: formatDateTime(row.createdAt),
      updateTime: formatDateTime(row.updatedAt),
    })),
  };
}

export async function getConfigForm(db: AppDatabase, id: number): Promise<TConfigForm> {
  const row = await findConfig(db, id);
  if (!row) throw AppError.notFound();
  return toForm(row);
}

/** Adds (`id` null) or changes a setting; the key must be unused by another one. The cache follows. */
export async function saveConfig(
  db: AppDatabase,
  values: ConfigValues,
  id: number | null,
  body: TConfigRequest,
): Promise<TConfigForm> {
  const fields = { name: body.name, key: body.key, value: body.value, remark: body.remark };
  if (id !== null && !(await findConfig(db, id))) throw AppError.notFound();
  if (await isKeyTaken(db, body.key, id ?? undefined)) throw duplicateKey();
  // A setting the server enforces: a value it would read as "off" by mistake is refused.
  if (body.key === IP_QPS_KEY && body.value.trim() !== '0' && readIpQpsLimit(body.value) === null) {
    throw AppError.field('value', 'configs.qpsLimit');
  }
  let row: ConfigRow | undefined;
  try {
    row = id === null ? await insertConfig(db, fields) : await updateConfig(db, id, fields);
  } catch (error) {
    // Two saves of the same key at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateKey();
    throw error;
  }
  if (!row) throw AppError.notFound();
  await values.reload();
  return toForm(row);
}

/** All or nothing: an unknown id stops the whole batch. The cache follows. */
export async function removeConfigs(db: AppDatabase, values: ConfigValues, ids: number[]): Promise<void> {
  await withTransaction(db, async (tx) => {
    const found = await findConfigsForUpdate(tx, ids);
    if (found.length !== ids.length) throw AppError.notFound();
    await deleteConfigs(tx, ids);
  });
  await values.reload();
}
