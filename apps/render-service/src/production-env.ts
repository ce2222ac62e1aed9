// Imported first by the worker entry: React's development build (chosen when NODE_ENV is unset) renders the
// templates ≈ 5× slower (measured: ≈ 2.5 ms of a slip's ≈ 14 ms), so a worker runs in production mode unless
// told otherwise. ES modules evaluate in import order, so this runs before react is loaded.
process.env.NODE_ENV ??= 'production';
export {};
