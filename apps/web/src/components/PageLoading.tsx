import { Spin } from 'antd';

/** Shown while a page chunk loads. */
export function PageLoading({ full = false }: { full?: boolean }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: full ? '100vh' : 320 }}>
      <Spin size="large" />
    </div>
  );
}

export default PageLoading;
