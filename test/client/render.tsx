import { App as AntApp } from 'antd';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../src/client/app/store';

/** Renders `ui` at `path` with a fresh store, a router and Ant Design's App context. */
export function renderWithApp(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const store = makeStore();
  const utils = render(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="/app/*" element={<p>App home</p>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  return { store, ...utils };
}
