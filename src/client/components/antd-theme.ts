import { theme as antTheme, type ThemeConfig } from 'antd';

/** The brand green dark enough for white text (5.5:1). */
const BRAND = '#047857';

const SHARED_TOKENS = {
  colorPrimary: BRAND,
  colorLink: BRAND,
  borderRadius: 8,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};

/**
 * Ant Design's default greys for secondary text (45 % black: 3.4:1 on white; 45 % white: 4.2:1 on
 * its dark surface) and its success and error colours fail WCAG AA's 4.5:1 for text, and the pale
 * tint it derives from the brand green for selected items is grey-green (2.6:1 under the brand
 * text). These tokens keep every text colour at 4.5:1 or more (docs/client.md, "Accessibility").
 */
const LIGHT_TOKENS = {
  ...SHARED_TOKENS,
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorPrimaryBg: '#e7f5ef',
  colorPrimaryBgHover: '#d3ede2',
  // Darker seeds for text, with the pale fills Ant Design derives from its own defaults (it derives
  // grey ones from dark seeds).
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorError: '#c81e1e',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
};

const DARK_TOKENS = {
  ...SHARED_TOKENS,
  // From the brand green the dark algorithm derives #06694d (2.8:1 on the dark page): links, tabs and
  // selected items use the dark page's lighter green instead, and primary buttons dark text on it.
  colorPrimary: '#34d399',
  colorLink: '#34d399',
  colorPrimaryBg: '#0f2a22',
  colorPrimaryBgHover: '#143a2e',
  colorTextDescription: 'rgba(255, 255, 255, 0.68)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.68)',
};

const DARK_COMPONENTS = {
  Button: { primaryColor: '#022c22', dangerColor: '#ffffff' },
};

export type ThemeMode = 'light' | 'dark';

/** Ant Design's theme for a mode: the algorithm and the tokens above. */
export function antdTheme(mode: ThemeMode): ThemeConfig {
  return mode === 'dark'
    ? { algorithm: antTheme.darkAlgorithm, token: DARK_TOKENS, components: DARK_COMPONENTS }
    : { algorithm: antTheme.defaultAlgorithm, token: LIGHT_TOKENS };
}
