import React from 'react';
import { Button, Card, ConfigProvider, Form, Space, Table } from 'antd';
import type { FormInstance, TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TableState } from './useTable';

/** 30 px pagination buttons (docs/PRODUCT.md §9) and compact controls of list pages. */
export const listTheme = { components: { Pagination: { itemSize: 30, itemSizeSM: 24 } } };

export interface SearchTableProps<T extends object> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'rowSelection' | 'title'> {
  table: TableState<T, any>;
  /** Form.Item elements of the search form (each with a label). */
  searchFields?: React.ReactNode;
  /** Values the search form starts with and returns to on 重置. */
  initialValues?: Record<string, unknown>;
  form?: FormInstance;
  /** Buttons above the table (新增, 导入, 导出, batch actions). */
  toolbar?: React.ReactNode;
  /** Title at the toolbar's left. */
  title?: React.ReactNode;
  /** Checkbox column bound to table.selectedRowKeys. */
  selectable?: boolean;
  bordered?: boolean;
  /** Form name: prefixes the field ids so labels stay unique beside dialog forms (default 'search'). */
  formName?: string;
}

/** Search form + toolbar + table with pagination (size selector, 共 N 条, jump-to-page). */
export function SearchTable<T extends object>(props: SearchTableProps<T>) {
  const { table, searchFields, initialValues, form: outerForm, toolbar, title, selectable, formName = 'search', ...tableProps } = props;
  const [innerForm] = Form.useForm();
  const form = outerForm ?? innerForm;
  const clean = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x]));
  return (
    <ConfigProvider theme={listTheme}>
      <div className="jz-search-table">
        {searchFields && (
          <Card size="small" style={{ marginBottom: 12 }}>
            <Form form={form} name={formName} layout="inline" initialValues={initialValues} onFinish={(v) => table.search(clean(v))} style={{ rowGap: 12 }}>
              {searchFields}
              <Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>搜索</Button>
                  <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); table.search({ ...Object.fromEntries(Object.keys(form.getFieldsValue()).map((k) => [k, undefined])), ...(initialValues ?? {}) }); }}>重置</Button>
                </Space>
              </Form.Item>
            </Form>
          </Card>
        )}
        <Card size="small">
          {(toolbar || title) && (
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12, gap: 8, flexWrap: 'wrap' }}>
              <div style={{ fontWeight: 600 }}>{title}</div>
              <Space wrap>{toolbar}</Space>
            </div>
          )}
          <Table<T>
            size="middle"
            {...tableProps}
            dataSource={table.records}
            loading={table.loading}
            pagination={table.pagination}
            rowSelection={selectable ? (table.rowSelection as TableProps<T>['rowSelection']) : undefined}
          />
        </Card>
      </div>
    </ConfigProvider>
  );
}

export default SearchTable;
