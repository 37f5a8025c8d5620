import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_MEASUREMENT_NAME_LENGTH,
  MAX_SIZE_GUIDE_COLUMNS,
  MAX_SIZE_GUIDE_MM,
  MAX_SIZE_GUIDE_NOTE_LENGTH,
  MAX_SIZE_GUIDE_ROWS,
  MAX_SIZE_NAME_LENGTH,
  sizeGuidesRoutes,
  type TSizeGuide,
  type TSizeGuideRequest,
} from '@linkstore/contract';
import { Alert, App, Button, Input, InputNumber, Modal, Spin, Tooltip, Typography } from 'antd';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { useCanCall } from '../../shared/permission/access';
import { useConfirmDelete } from '../shared/confirm-delete';
import { sizeGuideQuery, useDeleteSizeGuide, useSaveSizeGuide } from './size-guide-api';
import styles from './size-guide-editor.module.css';

/** The languages a name or note is translated into besides English. */
const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;
type TOtherLanguage = (typeof OTHER_LANGUAGES)[number];
type TTexts = Record<TOtherLanguage, string>;

/** Lengths are typed in centimetres with one decimal and kept in whole millimetres. */
const MAX_CM = MAX_SIZE_GUIDE_MM / 10;
const toCm = (mm: number) => mm / 10;
const toMm = (cm: number) => Math.round(cm * 10);

interface TDraftColumn {
  /** Stable across moves, for React. */
  key: number;
  name: string;
  names: TTexts;
}
interface TDraftRow {
  key: number;
  size: string;
  /** Centimetres, one per column in the columns' order; null while empty. */
  values: (number | null)[];
}
interface TDraft {
  columns: TDraftColumn[];
  rows: TDraftRow[];
  note: string;
  notes: TTexts;
}

/** Field errors by the server's field path (`rows.2.values.1`), the client's own included. */
type TErrors = Record<string, string>;

let lastKey = 0;
const nextKey = () => (lastKey += 1);

const textsOf = (texts: Partial<TTexts> | undefined): TTexts => ({
  es: texts?.es ?? '',
  pt: texts?.pt ?? '',
  'zh-cn': texts?.['zh-cn'] ?? '',
  fr: texts?.fr ?? '',
});

/** The guide as the editor holds it; a category without one starts with one empty measurement and size. */
function toDraft(guide: TSizeGuide | null): TDraft {
  if (!guide) {
    return {
      columns: [{ key: nextKey(), name: '', names: textsOf(undefined) }],
      rows: [{ key: nextKey(), size: '', values: [null] }],
      note: '',
      notes: textsOf(undefined),
    };
  }
  return {
    columns: guide.columns.map((column) => ({
      key: nextKey(),
      name: column.name,
      names: textsOf(column.names),
    })),
    rows: guide.rows.map((row) => ({ key: nextKey(), size: row.size, values: row.values.map(toCm) })),
    note: guide.note,
    notes: textsOf(guide.notes),
  };
}

function toRequest(draft: TDraft): TSizeGuideRequest {
  return {
    columns: draft.columns.map((column) => ({ name: column.name, names: column.names })),
    rows: draft.rows.map((row) => ({
      size: row.size,
      values: row.values.map((cm) => toMm(cm ?? 0)),
    })),
    note: draft.note,
    notes: draft.notes,
  };
}

/** What must be filled in before the server is asked; the server checks the rest. */
function missingFields(draft: TDraft, required: string): TErrors {
  const errors: TErrors = {};
  draft.columns.forEach((column, i) => {
    if (!column.name.trim()) errors[`columns.${i}.name`] = required;
  });
  draft.rows.forEach((row, i) => {
    if (!row.size.trim()) errors[`rows.${i}.size`] = required;
    row.values.forEach((cm, j) => {
      if (cm === null) errors[`rows.${i}.values.${j}`] = required;
    });
  });
  return errors;
}

/** The field paths the editor shows an error beside; any other lands above the form. */
const PLACED =
  /^(columns|rows|note|notes\.[a-z-]+|columns\.\d+\.(name|names\.[a-z-]+)|rows\.\d+\.(size|values|values\.\d+))$/;

/** Swaps items `i` and `j` of a copy of `list`. */
function swapped<T>(list: readonly T[], i: number, j: number): T[] {
  const copy = [...list];
  const a = copy[i];
  const b = copy[j];
  if (a === undefined || b === undefined) return copy;
  copy[i] = b;
  copy[j] = a;
  return copy;
}

export interface TSizeGuideCategory {
  id: string;
  label: string;
  parentId: string;
}

/**
 * The size guide of a category (first or second level), in a dialog: its measurements (names
 * in five languages) and sizes in order, each cell a length in centimetres with one decimal (sent
 * as whole millimetres), and a note; saved or deleted whole. Closed when `category` is null.
 */
export function SizeGuideEditor({
  category,
  onClose,
}: {
  category: TSizeGuideCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Modal
      open={category !== null}
      title={category ? t('sizeGuide.title', { name: category.label }) : null}
      onCancel={onClose}
      footer={null}
      width={880}
    >
      {category && <SizeGuideLoader key={category.id} category={category} onClose={onClose} />}
    </Modal>
  );
}

/** Loads the guide afresh at each opening, then edits it. */
function SizeGuideLoader({ category, onClose }: { category: TSizeGuideCategory; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  // Fetched at each opening and not again while it is edited (a refetch would not reset the draft anyway).
  const guide = useQuery({ ...sizeGuideQuery(category.id), gcTime: 0, refetchOnWindowFocus: false });
  if (guide.isPending) return <Spin />;
  if (guide.isError) return <Alert type="error" showIcon title={t('sizeGuide.loadFailed')} />;
  return <SizeGuideForm category={category} guide={guide.data} onClose={onClose} />;
}

function SizeGuideForm({
  category,
  guide,
  onClose,
}: {
  category: TSizeGuideCategory;
  guide: TSizeGuide | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['catalog', 'system']);
  const { message } = App.useApp();
  const canCall = useCanCall();
  const canSave = canCall(sizeGuidesRoutes.save);
  const canDelete = canCall(sizeGuidesRoutes.delete) && guide !== null;
  const saveGuide = useSaveSizeGuide();
  const deleteGuide = useDeleteSizeGuide();
  const confirmDelete = useConfirmDelete();
  const [draft, setDraft] = useState<TDraft>(() => toDraft(guide));
  const [errors, setErrors] = useState<TErrors>({});
  const [openTranslations, setOpenTranslations] = useState<ReadonlySet<number>>(new Set());
  const id = useId();
  const formRef = useRef<HTMLDivElement>(null);

  const language = (lang: 'en' | TOtherLanguage) => t(`category.language.${lang}`);
  const columnLabel = (i: number) =>
    draft.columns[i]?.name.trim() || t('sizeGuide.columnFallback', { index: i + 1 });
  const sizeLabel = (i: number) =>
    draft.rows[i]?.size.trim() || t('sizeGuide.sizeFallback', { index: i + 1 });
  const errorId = (field: string) => `${id}-${field.replace(/\W/g, '-')}`;

  /** An edit of one field forgets that field's error; moves and removals forget them all (indexes shift). */
  const edit = (change: (draft: TDraft) => TDraft, field?: string) => {
    setDraft(change);
    setErrors((current) => {
      if (field === undefined) return {};
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };
  const setColumn = (i: number, change: (column: TDraftColumn) => TDraftColumn, field: string) =>
    edit((d) => ({ ...d, columns: d.columns.map((c, k) => (k === i ? change(c) : c)) }), field);
  const setRow = (i: number, change: (row: TDraftRow) => TDraftRow, field: string) =>
    edit((d) => ({ ...d, rows: d.rows.map((r, k) => (k === i ? change(r) : r)) }), field);

  const addColumn = () =>
    edit((d) => ({
      ...d,
      columns: [...d.columns, { key: nextKey(), name: '', names: textsOf(undefined) }],
      rows: d.rows.map((r) => ({ ...r, values: [...r.values, null] })),
    }));
  const removeColumn = (i: number) =>
    edit((d) => ({
      ...d,
      columns: d.columns.filter((_, k) => k !== i),
      rows: d.rows.map((r) => ({ ...r, values: r.values.filter((_, k) => k !== i) })),
    }));
  const moveColumn = (i: number, j: number) =>
    edit((d) => ({
      ...d,
      columns: swapped(d.columns, i, j),
      rows: d.rows.map((r) => ({ ...r, values: swapped(r.values, i, j) })),
    }));
  const addRow = () =>
    edit((d) => ({
      ...d,
      rows: [...d.rows, { key: nextKey(), size: '', values: d.columns.map(() => null) }],
    }));
  const removeRow = (i: number) => edit((d) => ({ ...d, rows: d.rows.filter((_, k) => k !== i) }));
  const moveRow = (i: number, j: number) => edit((d) => ({ ...d, rows: swapped(d.rows, i, j) }));

  const toggleTranslations = (key: number) =>
    setOpenTranslations((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  /** Translations with an error are shown, or the error would be hidden. */
  const translationsShown = (key: number, prefix: string) =>
    openTranslations.has(key) || Object.keys(errors).some((field) => field.startsWith(prefix));

  /** The first field with an error gets the focus, so a keyboard or screen reader user lands on it. */
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const save = async () => {
    const missing = missingFields(draft, t('sizeGuide.required'));
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      focusFirstError();
      return;
    }
    try {
      await saveGuide.mutateAsync({ categoryId: category.id, body: toRequest(draft) });
      void message.success(t('sizeGuide.saved'));
      onClose();
    } catch (error) {
      // The http client has said why; the fields it names get their message.
      if (isHttpError(error) && error.data) {
        setErrors(Object.fromEntries(error.data.fields.map((f) => [f.field, f.message])));
        focusFirstError();
      }
    }
  };
  const remove = () =>
    confirmDelete({
      content: t('sizeGuide.confirmDelete'),
      // A refusal goes back to the confirm dialog, which has nothing to add to the http client's message.
      onConfirm: () => deleteGuide.mutateAsync(category.id).then(onClose),
    });

  /** The error of `field` under its input, announced with it. */
  const fieldError = (field: string): ReactNode =>
    errors[field] ? (
      <Typography.Text type="danger" id={errorId(field)} className={styles.error}>
        {errors[field]}
      </Typography.Text>
    ) : null;
  /** The props that tie an input to its error. */
  const invalid = (...fields: string[]) => {
    const failing = fields.filter((field) => errors[field]);
    return failing.length > 0
      ? {
          status: 'error' as const,
          'aria-invalid': true,
          'aria-describedby': failing.map(errorId).join(' '),
        }
      : {};
  };
  const unplaced = Object.entries(errors).filter(([field]) => !PLACED.test(field));

  const iconButton = (
    label: string,
    icon: ReactNode,
    onClick: () => void,
    disabled = false,
    danger = false,
  ) => (
    <Tooltip title={label} trigger={['hover', 'focus']}>
      <Button
        type="text"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        disabled={disabled || !canSave}
        danger={danger}
      />
    </Tooltip>
  );

  return (
    <div ref={formRef}>
      <Typography.Paragraph type="secondary">
        {t('sizeGuide.hint')}{' '}
        {category.parentId !== '0' ? t('sizeGuide.inherits') : t('sizeGuide.servesChildren')}
      </Typography.Paragraph>
      {guide === null && (
        <Alert className={styles.section} type="info" showIcon title={t('sizeGuide.empty')} />
      )}
      {unplaced.length > 0 && (
        <Alert
          className={styles.section}
          type="error"
          showIcon
          title={unplaced.map(([field, text]) => (
            <div key={field}>{text}</div>
          ))}
        />
      )}

      <section className={styles.section} aria-labelledby={`${id}-columns`}>
        <h3 id={`${id}-columns`} className={styles.sectionTitle}>
          {t('sizeGuide.columns')}
        </h3>
        <Typography.Text type="secondary" className={styles.hint}>
          {t('sizeGuide.columnsHint', { count: MAX_SIZE_GUIDE_COLUMNS })}
        </Typography.Text>
        {fieldError('columns')}
        <ol className={styles.columnList}>
          {draft.columns.map((column, i) => {
            const name = columnLabel(i);
            const shown = translationsShown(column.key, `columns.${i}.names.`);
            return (
              <li key={column.key} className={styles.column}>
                <div className={styles.line}>
                  <div className={styles.grow}>
                    <Input
                      value={column.name}
                      maxLength={MAX_MEASUREMENT_NAME_LENGTH}
                      placeholder={t('sizeGuide.columnPlaceholder')}
                      aria-label={t('sizeGuide.columnName', { index: i + 1, language: language('en') })}
                      disabled={!canSave}
                      onChange={({ target: { value } }) =>
                        setColumn(i, (c) => ({ ...c, name: value }), `columns.${i}.name`)
                      }
                      {...invalid(`columns.${i}.name`)}
                    />
                    {fieldError(`columns.${i}.name`)}
                  </div>
                  {iconButton(
                    t('sizeGuide.moveUp', { name }),
                    <ArrowUpOutlined aria-hidden />,
                    () => moveColumn(i, i - 1),
                    i === 0,
                  )}
                  {iconButton(
                    t('sizeGuide.moveDown', { name }),
                    <ArrowDownOutlined aria-hidden />,
                    () => moveColumn(i, i + 1),
                    i === draft.columns.length - 1,
                  )}
                  {iconButton(
                    t('sizeGuide.remove', { name }),
                    <DeleteOutlined aria-hidden />,
                    () => removeColumn(i),
                    draft.columns.length === 1,
                    true,
                  )}
                </div>
                <Button
                  type="link"
                  size="small"
                  aria-expanded={shown}
                  aria-controls={`${id}-column-${column.key}`}
                  onClick={() => toggleTranslations(column.key)}
                >
                  {t('sizeGuide.translationsOf', { name })}
                </Button>
                {shown && (
                  <div id={`${id}-column-${column.key}`} className={styles.translations}>
                    {OTHER_LANGUAGES.map((lang) => {
                      const field = `columns.${i}.names.${lang}`;
                      return (
                        <div key={lang} className={styles.translation}>
                          <label htmlFor={`${id}-${field}`}>{language(lang)}</label>
                          <Input
                            id={`${id}-${field}`}
                            value={column.names[lang]}
                            maxLength={MAX_MEASUREMENT_NAME_LENGTH}
                            placeholder={t('category.form.optional')}
                            disabled={!canSave}
                            onChange={({ target: { value } }) =>
                              setColumn(i, (c) => ({ ...c, names: { ...c.names, [lang]: value } }), field)
                            }
                            {...invalid(field)}
                          />
                          {fieldError(field)}
                        </div>
                      );
                    })}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
        {canSave && (
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={addColumn}
            disabled={draft.columns.length >= MAX_SIZE_GUIDE_COLUMNS}
          >
            {t('sizeGuide.addColumn')}
          </Button>
        )}
      </section>

      <section className={styles.section} aria-labelledby={`${id}-rows`}>
        <h3 id={`${id}-rows`} className={styles.sectionTitle}>
          {t('sizeGuide.rows')}
        </h3>
        <Typography.Text type="secondary" className={styles.hint}>
          {t('sizeGuide.rowsHint', { count: MAX_SIZE_GUIDE_ROWS })}
        </Typography.Text>
        {fieldError('rows')}
        <div className={styles.gridScroll} role="region" aria-labelledby={`${id}-rows`} tabIndex={0}>
          <table className={styles.grid}>
            <thead>
              <tr>
                <th scope="col">{t('sizeGuide.size')}</th>
                {draft.columns.map((column, j) => (
                  <th key={column.key} scope="col">
                    {t('sizeGuide.inCm', { name: columnLabel(j) })}
                  </th>
                ))}
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t('system:crud.table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.rows.map((row, i) => {
                const size = sizeLabel(i);
                return (
                  <tr key={row.key}>
                    <td>
                      <Input
                        className={styles.sizeInput}
                        value={row.size}
                        maxLength={MAX_SIZE_NAME_LENGTH}
                        aria-label={t('sizeGuide.sizeName', { index: i + 1 })}
                        disabled={!canSave}
                        onChange={({ target: { value } }) =>
                          setRow(i, (r) => ({ ...r, size: value }), `rows.${i}.size`)
                        }
                        {...invalid(`rows.${i}.size`, `rows.${i}.values`)}
                      />
                      {fieldError(`rows.${i}.size`)}
                      {fieldError(`rows.${i}.values`)}
                    </td>
                    {draft.columns.map((column, j) => {
                      const field = `rows.${i}.values.${j}`;
                      return (
                        <td key={column.key}>
                          <InputNumber<number>
                            className={styles.valueInput}
                            value={row.values[j] ?? null}
                            min={0.1}
                            max={MAX_CM}
                            step={0.1}
                            precision={1}
                            aria-label={t('sizeGuide.cell', { measurement: columnLabel(j), size })}
                            disabled={!canSave}
                            onChange={(cm) =>
                              setRow(
                                i,
                                (r) => ({
                                  ...r,
                                  values: r.values.map((v, k) => (k === j ? (cm ?? null) : v)),
                                }),
                                field,
                              )
                            }
                            {...invalid(field)}
                          />
                          {fieldError(field)}
                        </td>
                      );
                    })}
                    <td>
                      <div className={styles.line}>
                        {iconButton(
                          t('sizeGuide.moveUp', { name: size }),
                          <ArrowUpOutlined aria-hidden />,
                          () => moveRow(i, i - 1),
                          i === 0,
                        )}
                        {iconButton(
                          t('sizeGuide.moveDown', { name: size }),
                          <ArrowDownOutlined aria-hidden />,
                          () => moveRow(i, i + 1),
                          i === draft.rows.length - 1,
                        )}
                        {iconButton(
                          t('sizeGuide.remove', { name: size }),
                          <DeleteOutlined aria-hidden />,
                          () => removeRow(i),
                          draft.rows.length === 1,
                          true,
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {canSave && (
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={addRow}
            disabled={draft.rows.length >= MAX_SIZE_GUIDE_ROWS}
          >
            {t('sizeGuide.addRow')}
          </Button>
        )}
      </section>

      <section className={styles.section} aria-labelledby={`${id}-note`}>
        <h3 id={`${id}-note`} className={styles.sectionTitle}>
          {t('sizeGuide.note')}
        </h3>
        <Input.TextArea
          value={draft.note}
          maxLength={MAX_SIZE_GUIDE_NOTE_LENGTH}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('sizeGuide.notePlaceholder')}
          aria-label={t('sizeGuide.noteIn', { language: language('en') })}
          disabled={!canSave}
          onChange={({ target: { value } }) => edit((d) => ({ ...d, note: value }), 'note')}
          {...invalid('note')}
        />
        {fieldError('note')}
        <Button
          type="link"
          size="small"
          aria-expanded={translationsShown(-1, 'notes.')}
          aria-controls={`${id}-notes`}
          onClick={() => toggleTranslations(-1)}
        >
          {t('sizeGuide.translationsOf', { name: t('sizeGuide.note') })}
        </Button>
        {translationsShown(-1, 'notes.') && (
          <div id={`${id}-notes`} className={styles.translations}>
            {OTHER_LANGUAGES.map((lang) => (
              <div key={lang} className={styles.translation}>
                <label htmlFor={`${id}-notes-${lang}`}>{language(lang)}</label>
                <Input.TextArea
                  id={`${id}-notes-${lang}`}
                  value={draft.notes[lang]}
                  maxLength={MAX_SIZE_GUIDE_NOTE_LENGTH}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  placeholder={t('category.form.optional')}
                  disabled={!canSave}
                  onChange={({ target: { value } }) =>
                    edit((d) => ({ ...d, notes: { ...d.notes, [lang]: value } }), `notes.${lang}`)
                  }
                  {...invalid(`notes.${lang}`)}
                />
                {fieldError(`notes.${lang}`)}
              </div>
            ))}
          </div>
        )}
      </section>

      <div className={styles.footer}>
        {canDelete && (
          <Button
            className={styles.footerStart}
            danger
            icon={<DeleteOutlined aria-hidden />}
            onClick={remove}
          >
            {t('sizeGuide.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('system:crud.cancel')}</Button>
        {canSave && (
          <Button type="primary" loading={saveGuide.isPending} onClick={() => void save()}>
            {t('system:crud.save')}
          </Button>
        )}
      </div>
    </div>
  );
}
