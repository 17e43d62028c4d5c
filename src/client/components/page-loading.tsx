/** Suspense fallback for lazy pages: a CSS spinner (no Ant Design, so it can show before it loads). */
export function PageLoading() {
  return (
    <div className="dm-page-loading" role="status">
      <span className="dm-spinner" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
