import { Switch } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MoonIcon, SunIcon } from '../../components/icons';
import { selectThemeMode, themeToggled } from './theme-slice';

/** Light/dark switch; choosing explicitly stops following the system preference. */
export function ThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  return (
    <Switch
      aria-label="Toggle theme"
      title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      checked={mode === 'dark'}
      onChange={() => dispatch(themeToggled())}
      checkedChildren={<MoonIcon />}
      unCheckedChildren={<SunIcon />}
    />
  );
}
