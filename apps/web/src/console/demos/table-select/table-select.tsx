import { CloseOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import styles from '../demo-frame.module.css';
import { PagedTable } from '../../shared/paged-table';
import { SearchBar } from '../../shared/search-bar';
import {
  usePagedList,
  type TFiltersOf,
  type TItemOf,
  type TPagedList,
  type TPagedRoute,
} from '../../shared/use-paged-list';

/** A row of the route's page (an object, as the table wants to know). */
export type TRow<R extends TPagedRoute> = TItemOf<R> & object;

/** What the field shows of a chosen row. */
export interface TChosen {
  key: string;
  label: string;
}

export interface TTableSelectTexts {
  /** The button that opens the picker, e.g. "Choose users". */
  open: string;
  /** The picker dialog's title. */
  title: string;
  /** Shown while nothing is chosen. */
  placeholder: string;
  /** The keywords filter's label and placeholder. */
  keywords: string;
  keywordsPlaceholder: string;
  /** "Remove <label>" on a chosen tag. */
  remove: (label: string) => string;
  ok: string;
  cancel: string;
  /** The selection column's header (read, not shown). */
  selectColumn: string;
  /** "3 selected" in the dialog. */
  selectedCount: (count: number) => string;
}

export interface TTableSelectProps<R extends TPagedRoute> {
  /** A contract page route with a `keywords` filter (`{list, total}` for pageNum/pageSize). */
  route: R;
  columns: TableColumnsType<TRow<R>>;
  /** A row's key (its id) and the label the field shows for it. */
  keyOf: (row: TRow<R>) => string;
  labelOf: (row: TRow<R>) => string;
  /** Several rows (checkboxes) or one (radio buttons). */
  multiple?: boolean;
  /** The chosen rows; `Form.Item` passes it. */
  value?: TChosen[];
  onChange?: (value: TChosen[]) => void;
  texts: TTableSelectTexts;
  disabled?: boolean;
  /** The field's name: the group of chosen tags and the open button is named by it. */
  label: string;
}

/**
 * A popup table picker (console-api.md §5 "TableSelect"): a field showing the chosen rows'
 * labels, and a button opening a dialog with a searchable, paged table of `route` where one row
 * (radio) or several (checkboxes, kept across pages and searches) are picked; OK keeps them,
 * Cancel leaves the field as it was. A chosen tag removes its row.
 */
export function TableSelect<R extends TPagedRoute>({
  route,
  columns,
  keyOf,
  labelOf,
  multiple = false,
  value = [],
  onChange,
  texts,
  disabled = false,
  label,
}: TTableSelectProps<R>) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Flex gap={8} wrap align="center" style={{ minWidth: 0 }} role="group" aria-label={label}>
      <Flex
        gap={4}
        wrap
        align="center"
        style={{ flex: '1 1 200px', minHeight: 32, minWidth: 0 }}
        aria-live="polite"
      >
        {value.length === 0 ? (
          <Typography.Text type="secondary">{texts.placeholder}</Typography.Text>
        ) : (
          value.map((chosen) => (
            <Tag
              key={chosen.key}
              closable={!disabled}
              closeIcon={<CloseOutlined aria-label={texts.remove(chosen.label)} role="button" />}
              onClose={() => onChange?.(value.filter((item) => item.key !== chosen.key))}
              style={{ marginInlineEnd: 0 }}
            >
              {chosen.label}
            </Tag>
          ))
        )}
      </Flex>
      <Button icon={<TableOutlined aria-hidden />} disabled={disabled} onClick={() => setOpen(true)}>
        {texts.open}
      </Button>
      {isOpen && (
        <PickerDialog<R>
          route={route}
          columns={columns}
          keyOf={keyOf}
          labelOf={labelOf}
          multiple={multiple}
          initial={value}
          texts={texts}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            setOpen(false);
            onChange?.(picked);
          }}
        />
      )}
    </Flex>
  );
}

interface TPickerDialogProps<R extends TPagedRoute> {
  route: R;
  columns: TableColumnsType<TRow<R>>;
  keyOf: (row: TRow<R>) => string;
  labelOf: (row: TRow<R>) => string;
  multiple: boolean;
  initial: TChosen[];
  texts: TTableSelectTexts;
  onClose: () => void;
  onPick: (picked: TChosen[]) => void;
}

function PickerDialog<R extends TPagedRoute>({
  route,
  columns,
  keyOf,
  labelOf,
  multiple,
  initial,
  texts,
  onClose,
  onPick,
}: TPickerDialogProps<R>) {
  const initialFilters = { keywords: '' } as unknown as TFiltersOf<R>;
  // Rows of a page route are objects; the table wants to know it.
  const list = usePagedList(route, initialFilters) as TPagedList<TRow<R>, TFiltersOf<R>>;
  // Kept in order of picking, across pages and searches.
  const [picked, setPicked] = useState<TChosen[]>(initial);
  const pickedKeys = picked.map((item) => item.key);

  const onSelect = (row: TRow<R>, selected: boolean) => {
    const chosen = { key: keyOf(row), label: labelOf(row) };
    if (!multiple) return setPicked(selected ? [chosen] : []);
    setPicked((current) =>
      selected
        ? [...current.filter((item) => item.key !== chosen.key), chosen]
        : current.filter((item) => item.key !== chosen.key),
    );
  };

  return (
    <Modal
      open
      title={texts.title}
      width="min(880px, calc(100vw - 16px))"
      okText={texts.ok}
      cancelText={texts.cancel}
      onOk={() => onPick(picked)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <SearchBar initialValues={initialFilters} onSearch={list.search}>
          <Form.Item name="keywords" label={texts.keywords}>
            <Input placeholder={texts.keywordsPlaceholder} allowClear />
          </Form.Item>
        </SearchBar>
        {multiple && (
          <Typography.Text aria-live="polite">{texts.selectedCount(picked.length)}</Typography.Text>
        )}
        <PagedTable<TRow<R>>
          list={list}
          rowKey={(row) => keyOf(row)}
          columns={columns}
          onRow={(row) => ({
            onClick: () => onSelect(row, multiple ? !pickedKeys.includes(keyOf(row)) : true),
          })}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: pickedKeys,
            preserveSelectedRowKeys: true,
            hideSelectAll: true,
            columnTitle: <span className={styles.srOnly}>{texts.selectColumn}</span>,
            getCheckboxProps: (row) => ({ 'aria-label': labelOf(row) }),
            onSelect: (row, selected) => onSelect(row, selected),
          }}
        />
      </Flex>
    </Modal>
  );
}
