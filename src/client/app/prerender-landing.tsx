/**
 * The landing page rendered to HTML at build time (webpack.config.ts puts it inside index.html's
 * #root), so a visitor sees the page — and the browser finds its hero and text — before the scripts
 * have run. When they have, React renders the same page in its place (index.tsx).
 *
 * Rendered as a signed-out visitor in the light theme: the public shell and the landing page look
 * the same signed in, and a saved dark theme applies when the scripts run.
 */
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page';
import { sessionReducer } from '../features/session/session-slice';
import { themeReducer, type ThemeState } from '../features/theme/theme-slice';
import { PublicShell } from './shell/public-shell';

/** A signed-out visitor's first look: the light theme (the theme slice's own start reads the browser). */
const PRERENDER_THEME: ThemeState = { mode: 'light', followSystem: true };
const prerenderTheme = (state: ThemeState = PRERENDER_THEME, action: UnknownAction) => themeReducer(state, action);

const LANDING_ROUTES = [{ path: '/', element: <PublicShell />, children: [{ index: true, element: <LandingPage /> }] }];

export async function renderLandingHtml(): Promise<string> {
  const store = configureStore({ reducer: { session: sessionReducer, theme: prerenderTheme } });
  const handler = createStaticHandler(LANDING_ROUTES);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The landing route answered ${context.status} at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // React hoists a preload for the hero (fetchPriority high) in front of the markup; index.html's head has it already.
  const html = renderToString(
    <Provider store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Provider>,
  );
  return html.replace(/^(<link [^>]*\/>)+/, '');
}
