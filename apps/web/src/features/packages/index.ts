// The packages feature's public module: the package columns, which the syndication list shares.
export { packageClicksColumn, packageLeadColumns, packageMetricColumns } from './list/packageColumns.tsx';
