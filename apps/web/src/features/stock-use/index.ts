/** Scan to use (the Use supplies screen). The router loads UseSuppliesPage.tsx itself; nothing else is shared. */
export {};
