import { Spin } from 'antd';

/** Suspense fallback for lazy pages. */
export function PageLoading() {
  return (
    <div className="dm-page-loading" role="status">
      <Spin />
      <span>Loading...</span>
    </div>
  );
}
