import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MoonIcon, SunIcon } from '../../components/icons';
import { selectThemeMode, themeToggled } from './theme-slice';

/** Light/dark switch; choosing explicitly stops following the system preference. A plain switch button: it is in the public header, before Ant Design loads. */
export function ThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  const dark = mode === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Toggle theme"
      title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      className={`dm-theme-switch${dark ? ' dm-theme-switch-on' : ''}`}
      onClick={() => dispatch(themeToggled())}
    >
      <span className="dm-theme-switch-knob" aria-hidden="true">
        {dark ? <MoonIcon /> : <SunIcon />}
      </span>
    </button>
  );
}
