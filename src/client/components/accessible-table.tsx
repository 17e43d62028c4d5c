import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Ant Design's table with two accessibility gaps closed (WCAG 2.2 AA, docs/client.md):
 *
 * - A table that scrolls inside its own container (sideways on a phone, or under a fixed header)
 *   makes that container a labelled region that takes focus, so keyboard users can scroll it.
 * - With `scroll`, Ant Design draws a hidden row (aria-hidden) to measure column widths that
 *   repeats the column titles, the "Select all" checkbox included; that copy is disabled so nothing
 *   hidden can take focus.
 *
 * Ant Design renders these elements itself and has no props for them, so they are set on the DOM
 * after each change (a MutationObserver) and on resize.
 */
export function AccessibleTable<T extends object>(props: TableProps<T> & { 'aria-label': string }) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const label = props['aria-label'];

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return undefined;
    const update = () => markTable(wrapper, label);
    update();
    const mutations = new MutationObserver(update);
    mutations.observe(wrapper, { childList: true, subtree: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(wrapper);
    return () => {
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, [label]);

  return (
    <div ref={wrapperRef} className="dm-table">
      <Table<T> {...props} />
    </div>
  );
}

const SCROLLERS = '.ant-table-body, .ant-table-content';

function markTable(wrapper: HTMLElement, label: string) {
  for (const scroller of wrapper.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollHeight > scroller.clientHeight + 1;
    if (scrolls && scroller.getAttribute('tabindex') !== '0') {
      scroller.setAttribute('tabindex', '0');
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', `${label} (scrollable)`);
    } else if (!scrolls && scroller.hasAttribute('tabindex')) {
      scroller.removeAttribute('tabindex');
      scroller.removeAttribute('role');
      scroller.removeAttribute('aria-label');
    }
  }
  for (const control of wrapper.querySelectorAll<HTMLInputElement>('.ant-table-measure-row input')) {
    if (!control.disabled) control.disabled = true;
  }
}
