import { Link } from 'react-router-dom';
import { DealmapMark } from '../components/icons';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="dm-logo">
      <DealmapMark />
      <span className="dm-logo-word">Dealmap</span>
    </Link>
  );
}
