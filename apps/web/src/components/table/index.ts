export * from './useTable';
export * from './SearchTable';
export * from './ImportButton';
export * from './feedback';
