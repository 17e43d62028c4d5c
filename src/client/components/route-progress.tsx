import { useNavigation } from 'react-router-dom';

/** A thin bar at the top of the window while the router is loading a route. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="dm-route-progress" role="progressbar" aria-label="Loading page" />;
}
