import { ApartmentOutlined, SearchOutlined } from '@ant-design/icons';
import type { TDeptOption } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapTree } from '../shared/tree';
import { deptOptionsQuery } from './api';

/** The options whose label matches, with their ancestors (so each match keeps its path). */
export function filterDeptTree(nodes: readonly TDeptOption[], text: string): TDeptOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  return nodes.flatMap((node) => {
    if (node.label.toLowerCase().includes(needle)) return [node];
    const children = filterDeptTree(node.children ?? [], needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export interface TDeptTreeProps {
  /** The selected department, or none (every department). */
  value: string | undefined;
  onChange: (deptId: string | undefined) => void;
}

/**
 * The department tree beside the users table: a search box narrows it, clicking a department
 * lists its users and those of the departments below it; clicking it again lists everyone.
 */
export function DeptTree({ value, onChange }: TDeptTreeProps) {
  const { t } = useTranslation('users');
  const [text, setText] = useState('');
  const query = useQuery(deptOptionsQuery);
  const filtered = useMemo(() => filterDeptTree(query.data ?? [], text), [query.data, text]);
  const treeData = useMemo(
    () =>
      mapTree<TDeptOption, TreeDataNode>(filtered, (node, children) => ({
        key: node.value,
        title: node.label,
        ...(children ? { children } : {}),
      })),
    [filtered],
  );

  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined aria-hidden /> {t('dept.title')}
        </span>
      }
      extra={
        value ? (
          <Button size="small" type="link" onClick={() => onChange(undefined)}>
            {t('dept.clear')}
          </Button>
        ) : null
      }
    >
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('dept.search')}
        aria-label={t('dept.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={query.isFetching}>
        {treeData.length > 0 ? (
          <Tree
            aria-label={t('dept.tree')}
            blockNode
            treeData={treeData}
            // Mounted once the tree is there, and again per search, so every branch shows opened.
            key={text}
            defaultExpandAll
            selectedKeys={value ? [value] : []}
            onSelect={(keys) => onChange(keys.length > 0 ? String(keys[0]) : undefined)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </Card>
  );
}
