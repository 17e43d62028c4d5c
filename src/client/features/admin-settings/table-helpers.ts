/** The paged, sorted and searched table of every admin list: its constants, pagination and sort state. */
import type { TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_PAGE_SIZE = 20;

/** The pagination of every admin list: sizes 10–200, '1–20 of 57'. */
export function listPagination(page: number, pageSize: number, total: number): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100, 200],
    showTotal: (all, [from, to]) => `${from}–${to} of ${all}`,
  };
}

/**
 * The page, page size and sort of an admin list, changed by the table: a new sort or page size
 * starts at page 1; `sort` is 'key' ascending or '-key' descending (a column's `key`).
 */
export function useListTable<Item>() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<string | undefined>(undefined);
  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Item> | SorterResult<Item>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey ? String(one.columnKey) : undefined;
    const nextSort = key && one.order ? `${one.order === 'descend' ? '-' : ''}${key}` : undefined;
    if (nextSort !== sort) {
      setSort(nextSort);
      setPage(1);
    } else {
      setPage(pagination.current ?? 1);
    }
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPage(1);
    }
  };
  return { page, setPage, pageSize, sort, onTableChange };
}

/** A sortable column's order under `sort` ('key' ascending, '-key' descending). */
export function sortOrderOf(sort: string | undefined, key: string): 'ascend' | 'descend' | null {
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}
