export { Pagination, type PaginationAlign, type PaginationProps, type PaginationSize } from './Pagination.tsx';
export { pageItems, resolvePaging, type PageItem, type PaginationSource, type PagingFields, type PagingLinks } from './pageItems.ts';
